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
  /** The payments made against an order, to honour a payment whose webhook was lost. */
  listPayments(providerOrderId: string): Promise<Array<{ id: string; status: string }>>
}

export class PaymentProviderError extends Error {
  constructor(message: string, readonly cause?: unknown) {
    super(message)
  }
}
