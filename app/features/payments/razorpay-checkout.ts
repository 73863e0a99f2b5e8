import { m } from '~/i18n/paraglide/messages.js'
/**
 * Loads Razorpay's Standard Checkout script on demand and opens its payment window. Browser only. The script's
 * address comes with the order's checkout (razorpay.server.ts, RAZORPAY_CHECKOUT_SCRIPT), where the CSP's hosts are.
 */

type RazorpayResult = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
type RazorpayInstance = { open(): void; on(event: 'payment.failed', cb: (response: { error?: { description?: string } }) => void): void }
declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance
  }
}

let loading: Promise<void> | null = null
function loadScript(scriptUrl: string) {
  if (window.Razorpay) return Promise.resolve()
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = scriptUrl
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      loading = null
      reject(new Error(m.payments_razorpay_not_loaded()))
    }
    document.head.appendChild(script)
  })
  return loading
}

export async function openRazorpayCheckout(options: {
  scriptUrl: string
  keyId: string
  providerOrderId: string
  amountPaise: number
  shopName: string
  description: string
  prefill: { name: string; email: string; contact: string }
  onPaid: (result: RazorpayResult) => void
  onFailed: (message: string) => void
  onDismissed: () => void
}) {
  await loadScript(options.scriptUrl)
  const instance = new window.Razorpay!({
    key: options.keyId,
    amount: options.amountPaise,
    currency: 'INR',
    order_id: options.providerOrderId,
    name: options.shopName,
    description: options.description,
    prefill: options.prefill,
    theme: { color: '#2f6121' },
    handler: options.onPaid,
    modal: { ondismiss: options.onDismissed },
  })
  instance.on('payment.failed', (response) => options.onFailed(response.error?.description ?? m.payments_failed()))
  instance.open()
}
