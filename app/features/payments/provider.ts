/** What the shop needs from a payment provider: Razorpay, or the built-in test provider. */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'test'
  /** The public key the browser's payment window needs. */
  readonly keyId: string
  /** Secret for the checkout signature (`order_id|payment_id`). */
  readonly keySecret: string
  /** Secret for webhook bodies. */
  readonly webhookSecret: string
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
  refundPayment(input: { paymentId: string; amountPaise: number; speed: RefundSpeed; idempotencyKey: string; notes: Record<string, string> }): Promise<ProviderRefund>
  /** Every payment made in [from, to] (the daily check), newest first. */
  listPaymentsBetween(from: Date, to: Date): Promise<ProviderPayment[]>
  /** One refund as the provider has it now. */
  fetchRefund(paymentId: string, refundId: string): Promise<ProviderRefund>
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
  constructor(message: string, readonly cause?: unknown) {
    super(message)
  }
}
