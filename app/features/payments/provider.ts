import type { z } from '~/zod'

/**
 * What the shop needs from a payment provider (decision 065): how its checkout opens in the browser, how a payment
 * the browser hands back is proved, how its webhooks are checked and read into the shop's own payment events, and
 * the calls for payments and refunds. Razorpay and the built-in test provider are two; the registry
 * (registry.server.ts) holds the ones a shop runs, and each order records the one it was opened with.
 */
export interface PaymentProvider {
  /** The provider's id, recorded on every order it opens (orders.provider) and in its webhook's address. */
  readonly name: string
  /** How its checkout opens in the browser: the same for every order. */
  readonly browser: BrowserCheckoutKind
  /** The public data the browser's checkout needs for one order (never a secret). */
  checkoutData(order: { providerOrderId: string | null; amountPaise: number }): CheckoutData
  /**
   * What the browser posts to /api/payment/verify (besides the order id) once the window says it is paid: the payment
   * these fields prove for this provider order, `incomplete` when they do not parse, `forged` when they prove nothing.
   */
  verifyReturn(providerOrderId: string, fields: unknown): ReturnedPayment
  /** Whether a webhook delivery is the provider's own (its signature over the raw body). */
  verifyWebhook(delivery: WebhookDelivery): boolean
  /** A verified delivery in the shop's words; throws PaymentRejectedError when the body is not one it understands. */
  parseWebhook(delivery: WebhookDelivery): ParsedWebhook
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<{ providerOrderId: string }>
  /** One payment as the provider has it now. */
  fetchPayment(paymentId: string, options?: CallOptions): Promise<ProviderPayment>
  /** Turns an authorized payment into a captured one, for exactly the order's amount. */
  capturePayment(paymentId: string, amountPaise: number, currency: string, options?: CallOptions): Promise<ProviderPayment>
  /** The payments made against an order, to honour a payment whose webhook was lost. */
  listPayments(providerOrderId: string): Promise<ProviderPayment[]>
  /**
   * Gives `amountPaise` of a captured payment back. The same `idempotencyKey` asked again returns the same refund and
   * moves no money twice, so a call whose answer was lost is simply asked again.
   */
  refundPayment(input: {
    paymentId: string
    amountPaise: number
    speed: RefundSpeed
    idempotencyKey: string
    notes: Record<string, string>
  }): Promise<ProviderRefund>
  /** Every payment made in [from, to] (the daily check), newest first. */
  listPaymentsBetween(from: Date, to: Date): Promise<ProviderPayment[]>
  /** One refund as the provider has it now. */
  fetchRefund(paymentId: string, refundId: string): Promise<ProviderRefund>
}

/**
 * Which browser-side module opens the checkout (`kind`, components/checkout/payment-windows.tsx), the script it
 * loads, what the page's Content-Security-Policy and Permissions-Policy must allow for it, and the line the page shows
 * while its window is open.
 */
export type BrowserCheckoutKind = {
  kind: string
  script: string | null
  sources: BrowserSources
  /** Words, or a message function worded for each request (the shop's own providers). */
  payingNote: string | (() => string) | null
}

/** The hosts a provider's checkout needs, by CSP directive, and the features its frames use. */
export type BrowserSources = {
  script: readonly string[]
  frame: readonly string[]
  connect: readonly string[]
  img: readonly string[]
  /** Origins allowed the Payment Request API (Permissions-Policy `payment`). */
  payment: readonly string[]
  /** Origins allowed WebOTP (Permissions-Policy `otp-credentials`). */
  otpCredentials: readonly string[]
  /** Its window opens popups that report back to the page (Cross-Origin-Opener-Policy). */
  popups: boolean
}

export const NO_BROWSER_SOURCES: BrowserSources = {
  script: [],
  frame: [],
  connect: [],
  img: [],
  payment: [],
  otpCredentials: [],
  popups: false,
}

/** Public values the browser's checkout module reads (a key id, the provider's order id…). */
export type CheckoutData = Record<string, string | number | boolean | null>

/** What the payment page gets for one order: the kind of window to open, its script and its data. */
export type BrowserCheckout = { kind: string; script: string | null; payingNote: string | null; data: CheckoutData }

export type ReturnedPayment = { paymentId: string } | { incomplete: z.ZodError } | { forged: true }

/** A webhook as it came: the raw body (signatures are over its bytes) and the request's headers. */
export type WebhookDelivery = { rawBody: string; headers: Headers }

/**
 * A delivery in the shop's words: its id (to answer a redelivery 'duplicate'), the provider's name of the event (kept
 * in payment_events), the provider order it is about, and the shop's event, or null for one the shop does not act on.
 */
export type ParsedWebhook = { eventId: string | null; name: string; providerOrderId: string | null; event: PaymentEvent | null }

/** The shop's own payment events, whatever the provider calls them. */
export type PaymentEvent =
  | { kind: 'payment-captured' | 'payment-authorized' | 'payment-failed'; payment: ProviderPayment }
  | {
      kind: 'refund-pending' | 'refund-processed' | 'refund-failed'
      refund: ProviderRefund /** Our refund's id when the provider carries it back. */
      shopRefundId: string | null
    }

/** A shorter bound than the client's own, where the caller must answer within one (a webhook: Razorpay waits 5 s). */
export type CallOptions = { timeoutMs?: number }

/** `normal`: 5–7 working days; `optimum`: instantly where the customer's bank allows, else normal (Razorpay's words). */
export type RefundSpeed = 'normal' | 'optimum'

/** A refund as Razorpay describes it (https://razorpay.com/docs/api/refunds/entity/). */
export type ProviderRefund = {
  id: string
  paymentId: string
  amountPaise: number
  status: 'pending' | 'processed' | 'failed'
  /** How it went or is going: `instant` or `normal`; null while Razorpay has not decided. */
  speedProcessed: string | null
}

/**
 * A payment as Razorpay describes it (https://razorpay.com/docs/api/payments/, "Payment entity"): `authorized` when the
 * bank has approved it, `captured` when the money is the shop's, `failed`, or `refunded` in full.
 */
export type ProviderPayment = {
  id: string
  /** The provider's order this payment was made against. */
  providerOrderId: string | null
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed'
  /** In paise. */
  amountPaise: number
  currency: string
  /** The provider's words for why it failed, for the customer; null unless failed. */
  failureReason: string | null
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message)
  }
}

/**
 * A 4xx from the provider: it refused the request as it stands, so asking again will not help; `description` is the
 * provider's own words for the owner.
 */
export class PaymentProviderRefusal extends PaymentProviderError {
  constructor(
    readonly status: number,
    readonly description: string,
    providerLabel = 'The provider',
  ) {
    super(`${providerLabel} refused: ${description}`)
  }
}

/** A payment result or webhook the shop does not accept (a bad signature, an unknown order): answered 400. */
export class PaymentRejectedError extends Error {}
