import { languageHeaders } from '~/i18n/language'
import { type ComponentType, useEffect, useRef } from 'react'
import { TestPaymentWindow } from '~/components/checkout/test-payment-window'
import type { CreatedOrderAnswer, TestPaymentAnswer } from '~/features/checkout/checkout-api'
import { loadSavedAddress } from '~/features/checkout/saved-address'
import { openRazorpayCheckout } from '~/features/payments/razorpay-checkout'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The payment window of an order, whichever provider opened it (decision 065): the order's `checkout.kind` picks one
 * of the windows below, each a small browser module; the server says which, with the script and data it needs.
 */
export type PaymentWindowProps = {
  order: CreatedOrderAnswer
  shopName: string
  /** The buyer is paying (the window is up) or the shop is confirming the payment. */
  open: boolean
  /** The shop is confirming the payment. */
  busy: boolean
  /** What the window hands back, posted to /api/payment/verify with the order id. */
  onPaid: (fields: Record<string, unknown>) => void
  /** The payment did not go through, in words for the customer. */
  onFailed: (message: string) => void
  /** The window is working on the payment with the shop. */
  onBusy: () => void
}

const WINDOWS: Record<string, ComponentType<PaymentWindowProps>> = { razorpay: RazorpayWindow, test: TestWindow }

export function PaymentWindow(props: PaymentWindowProps) {
  const Window = WINDOWS[props.order.checkout.kind] ?? UnknownWindow
  return <Window {...props} />
}

/** Opens the window once each time the page starts paying; it is the provider's own, outside the page. */
function useOpenOnce(open: boolean, start: () => void) {
  const opened = useRef(false)
  const latest = useRef(start)
  latest.current = start
  useEffect(() => {
    if (!open) {
      opened.current = false
      return
    }
    if (opened.current) return
    opened.current = true
    latest.current()
  }, [open])
}

function RazorpayWindow({ order, shopName, open, busy, onPaid, onFailed }: PaymentWindowProps) {
  useOpenOnce(open && !busy, () => {
    const { keyId, providerOrderId } = order.checkout.data
    if (typeof providerOrderId !== 'string' || !order.checkout.script) return onFailed(m.payments_window_not_opened())
    const address = loadSavedAddress()
    openRazorpayCheckout({
      scriptUrl: order.checkout.script,
      keyId: String(keyId),
      providerOrderId,
      amountPaise: order.amount,
      shopName,
      description: m.payments_order_from({ shopName }),
      prefill: { name: address.fullName, email: address.email, contact: address.phoneNumber },
      onPaid,
      onFailed: (message) => onFailed(m.payments_failed_because({ reason: message })),
      onDismissed: () => onFailed(m.payments_cancelled()),
    }).catch((err: Error) => onFailed(err.message))
  })
  return null
}

/** The built-in provider's window: the shop pays the order as the test window says, signed as Razorpay would. */
function TestWindow({ order, open, busy, onPaid, onFailed, onBusy }: PaymentWindowProps) {
  async function complete() {
    onBusy()
    try {
      const res = await fetch('/api/payment/test/complete', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...languageHeaders() },
        body: JSON.stringify({ orderId: order.orderId }),
      })
      const data: TestPaymentAnswer | { error?: string } = await res.json().catch(() => ({}))
      if (!res.ok || !('razorpay_signature' in data)) return onFailed(('error' in data && data.error) || m.payments_test_failed())
      onPaid(data)
    } catch {
      onFailed(m.payments_cannot_reach_to_complete())
    }
  }
  return (
    <TestPaymentWindow
      open={open}
      busy={busy}
      amountPaise={order.amount}
      onComplete={() => void complete()}
      onFail={() => onFailed(m.payments_test_failed())}
    />
  )
}

function UnknownWindow({ open, busy, onFailed }: PaymentWindowProps) {
  useOpenOnce(open && !busy, () => onFailed(m.payments_window_not_opened()))
  return null
}
