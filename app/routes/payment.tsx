import { languageHeaders } from '~/i18n/language'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useLoaderData, useNavigate } from 'react-router'
import { PaymentWindow } from '~/components/payments/payment-window'
import { cartStore } from '~/features/cart/cart-store'
import { checkoutChoicesStore } from '~/features/cart/checkout-choices'
import { useCart } from '~/components/cart/use-cart'
import { cartItemsForServer } from '~/features/cart/cart'
import { addressFormSchema, type CreateOrderRequest } from '~/features/checkout/checkout-schemas'
import {
  type CreatedOrderAnswer,
  type CreateOrderAnswer,
  type CreateOrderRefusal,
  isCreatedOrder,
  type ShortLine,
  type VerifyPaymentAnswer,
} from '~/features/checkout/checkout-api'
import { checkoutKeyFor, forgetCheckoutKey } from '~/features/checkout/checkout-key'
import { loadSavedAddress } from '~/features/checkout/saved-address'
import { formatRupees } from '~/features/money/money'
import { getShopSettings } from '~/features/settings/shop-settings.server'
import { privatePageMeta } from '~/features/findability/page-meta'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import type { Route } from './+types/payment'
import { PolicyNote } from '~/components/checkout/policy-note'
import { NoCheckoutNotice, OfferRefusedNotice, SoldOutNotice } from '~/components/checkout/payment-notices'
import { m } from '~/i18n/paraglide/messages.js'

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getShopSettings(context.shop.db)
  return { shopName: settings.shopName, phone: settings.phone }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(m.payments_meta_title({ shopName: shopSettingsOf(matches).shopName }), m.payments_meta_description())

type CreatedOrder = CreatedOrderAnswer
type Step =
  | { name: 'starting' }
  | { name: 'no-checkout'; reason: 'cart' | 'address' }
  | { name: 'paying'; order: CreatedOrder }
  | { name: 'failed'; order: CreatedOrder; message: string }
  | { name: 'error'; message: string }
  | { name: 'short'; lines: ShortLine[] }
  | { name: 'limit'; message: string }
  /** The code typed or cash on delivery was refused when the order was placed (what changed since the summary). */
  | { name: 'offer-refused'; message: string; cod: boolean }
  /** A cash-on-delivery order is placed and waits for its confirmation. */
  | { name: 'placed-cod'; order: CreatedOrder }
  | { name: 'confirming'; order: CreatedOrder }
  /** The payment reached the shop but the provider could not be asked yet: the shop looks it up again (decision 032). */
  | { name: 'checking'; order: CreatedOrder }

const HOLD_EVERY_MS = 60_000
/** While checking: how often the page asks whether the order is paid, and for how long before it says to wait for the mail. */
const CHECK_EVERY_MS = 5_000
const CHECK_FOR_MS = 3 * 60_000

/** Posts to one of the shop's APIs; `Answer` is that API's shape as its route declares it (features/checkout/checkout-api.ts). */
async function postJson<Answer extends object = { error?: string }>(path: string, body: unknown) {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...languageHeaders() },
    body: JSON.stringify(body),
  })
  const data: Answer | { error?: string } = await res.json().catch(() => ({}))
  return { status: res.status, ok: res.ok, data }
}

export default function PaymentPage() {
  const { shopName } = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  const cart = useCart()
  const [step, setStep] = useState<Step>({ name: 'starting' })
  const started = useRef(false)

  const paid = useCallback(
    (orderId: string) => {
      cart.clear()
      checkoutChoicesStore.orderPlaced()
      forgetCheckoutKey()
      navigate(`/order-success?order=${encodeURIComponent(orderId)}`, { replace: true })
    },
    [cart, navigate],
  )

  // What the order's payment window hands back, checked by the order's provider on the server.
  const verify = useCallback(
    async (order: CreatedOrder, fields: Record<string, unknown>) => {
      setStep({ name: 'confirming', order })
      try {
        const res = await postJson<VerifyPaymentAnswer>('/api/payment/verify', { orderId: order.orderId, ...fields })
        if (res.status === 202) return setStep({ name: 'checking', order })
        if (res.ok) return paid(order.orderId)
        setStep({ name: 'failed', order, message: ('error' in res.data && res.data.error) || m.payments_not_confirmed() })
      } catch {
        setStep({ name: 'failed', order, message: m.payments_cannot_reach_to_confirm() })
      }
    },
    [paid],
  )

  // The window itself is the order's provider's (<PaymentWindow> below): it opens while the step is 'paying'.
  const openWindow = useCallback((order: CreatedOrder) => setStep({ name: 'paying', order }), [])

  const createOrder = useCallback(async () => {
    // Read the stored cart directly: during hydration the hook may still hold the server's empty snapshot.
    const lines = cartStore.getSnapshot()
    const address = addressFormSchema.safeParse(loadSavedAddress())
    if (lines.length === 0) return setStep({ name: 'no-checkout', reason: 'cart' })
    if (!address.success) return setStep({ name: 'no-checkout', reason: 'address' })
    const { email, ...shippingAddress } = address.data
    const items = cartItemsForServer(lines)
    const { couponCode, payment } = checkoutChoicesStore.getSnapshot()
    const offers = { ...(couponCode ? { couponCode } : {}), payment }
    setStep({ name: 'starting' })
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const checkoutKey = checkoutKeyFor(JSON.stringify({ items, shippingAddress, email, ...offers }))
        const res = await postJson<CreateOrderAnswer>('/api/payment/createOrder', {
          items,
          shippingAddress,
          email,
          checkoutKey,
          ...offers,
        } satisfies CreateOrderRequest)
        if (res.status === 201 && isCreatedOrder(res.data as CreateOrderAnswer)) {
          const order = res.data as CreatedOrderAnswer
          if (order.status === 'paid') return paid(order.orderId)
          if (order.paymentMethod === 'cod' && order.status !== 'cancelled') {
            // Nothing to pay now: the order is placed, and its mail asks the customer to confirm it (paid() clears the code).
            setStep({ name: 'placed-cod', order })
            return paid(order.orderId)
          }
          // That checkout's order ran out of time: start a fresh one.
          if (order.status !== 'pending_payment') {
            forgetCheckoutKey()
            continue
          }
          return openWindow(order)
        }
        const refusal = res.data as CreateOrderRefusal
        // Over the shop's reservation limits (decision 024): the message says which and where bulk orders go.
        if (res.status === 422 && refusal.limit) return setStep({ name: 'limit', message: refusal.error ?? '' })
        if (res.status === 409 && refusal.shortLines) return setStep({ name: 'short', lines: refusal.shortLines })
        if (res.status === 422 && (refusal.coupon || refusal.cod))
          return setStep({ name: 'offer-refused', message: refusal.error ?? '', cod: Boolean(refusal.cod) })
        if (res.status === 409) {
          forgetCheckoutKey()
          continue
        }
        return setStep({ name: 'error', message: refusal.error ?? m.payments_shop_answered_try_again({ status: res.status }) })
      }
      setStep({ name: 'error', message: m.payments_could_not_start() })
    } catch {
      setStep({ name: 'error', message: m.payments_cannot_reach_shop() })
    }
  }, [openWindow, paid])

  useEffect(() => {
    if (started.current) return
    started.current = true
    void createOrder()
  }, [createOrder])

  // While the buyer is in the payment window, keep the order's stock reserved: it starts short and the shop extends it
  // on each call, up to its longest hold (POST /api/payment/hold).
  const holding = step.name === 'paying' || step.name === 'confirming' ? step.order.orderId : null
  useEffect(() => {
    if (!holding) return
    const timer = setInterval(() => {
      void postJson('/api/payment/hold', { orderId: holding }).catch(() => {})
    }, HOLD_EVERY_MS)
    return () => clearInterval(timer)
  }, [holding])

  // The shop is confirming the payment with the provider: ask it every few seconds whether the order is paid.
  const checking = step.name === 'checking' ? step.order.orderId : null
  useEffect(() => {
    if (!checking) return
    const started = Date.now()
    const timer = setInterval(() => {
      if (Date.now() - started > CHECK_FOR_MS) return clearInterval(timer)
      void fetch(`/api/orders/${encodeURIComponent(checking)}`, { headers: languageHeaders() })
        .then((res) => (res.ok ? res.json() : null))
        .then((answer: { status?: string } | null) => {
          if (answer?.status && answer.status !== 'pending_payment' && answer.status !== 'expired') paid(checking)
        })
        .catch(() => {})
    }, CHECK_EVERY_MS)
    return () => clearInterval(timer)
  }, [checking, paid])

  const order = 'order' in step ? step.order : null
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-semibold text-leaf-800">{m.payments_heading()}</h1>
      {order ? (
        <p className="mt-4 text-lg">
          {order.paymentMethod === 'cod' ? m.payments_to_pay_on_delivery() : m.payments_amount_to_pay()}
          <strong>{formatRupees(order.amount)}</strong>
        </p>
      ) : null}
      <div className="mt-6" aria-live="polite">
        {step.name === 'starting' ? <p>{m.payments_preparing_order()}</p> : null}
        {step.name === 'confirming' ? <p>{m.payments_confirming()}</p> : null}
        {step.name === 'paying' && step.order.checkout.payingNote ? <p>{step.order.checkout.payingNote}</p> : null}
        {step.name === 'checking' ? <p data-testid="payment-checking">{m.payments_checking()}</p> : null}
      </div>
      {step.name === 'paying' && step.order.lastPaymentFailure ? (
        <p className="mt-2 rounded-md bg-amber-50 p-3 text-amber-900" data-testid="last-payment-failure">
          {m.payments_last_attempt_failed({ reason: step.order.lastPaymentFailure })}
        </p>
      ) : null}
      {step.name === 'no-checkout' ? <NoCheckoutNotice reason={step.reason} /> : null}
      {step.name === 'short' ? <SoldOutNotice lines={step.lines} cartLines={cart.lines} /> : null}
      {step.name === 'offer-refused' ? (
        <OfferRefusedNotice
          message={step.message}
          cod={step.cod}
          onPayOnline={() => {
            checkoutChoicesStore.setPayment('online')
            void createOrder()
          }}
        />
      ) : null}
      {step.name === 'placed-cod' ? <p>{m.payments_order_placed()}</p> : null}
      {step.name === 'limit' ? (
        <div role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
          <p>{step.message}</p>
          <Link to="/Cart-page" className="mt-2 inline-block underline">
            {m.payments_update_cart()}
          </Link>
        </div>
      ) : null}
      {step.name === 'error' || step.name === 'failed' ? (
        <div role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
          <p>{step.message}</p>
          <p className="mt-1 text-sm">{m.payments_cart_kept()}</p>
          <button
            type="button"
            // Ask the server again rather than reopen the window: the same checkout key finds the same order while it
            // is payable, and starts a fresh one when it has expired.
            onClick={() => void createOrder()}
            className="mt-3 rounded-md bg-leaf-700 px-4 py-2 font-medium text-white hover:bg-leaf-800"
          >
            {m.payments_try_again()}
          </button>
        </div>
      ) : null}
      {order ? (
        <PaymentWindow
          order={order}
          shopName={shopName}
          open={step.name === 'paying' || step.name === 'confirming'}
          busy={step.name === 'confirming'}
          onPaid={(fields) => void verify(order, fields)}
          onFailed={(message) => setStep({ name: 'failed', order, message })}
          onBusy={() => setStep({ name: 'confirming', order })}
        />
      ) : null}
      <PolicyNote className="mt-8" />
    </div>
  )
}
