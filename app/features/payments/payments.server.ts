import { eq } from 'drizzle-orm'
import { z } from '~/zod'
import type { Database } from '~/db/client.server'
import { orders, paymentEvents } from '~/db/schema'
import { log } from '~/log.server'
import { fromRazorpayPayment, fromRazorpayRefund, razorpayPaymentEntity, razorpayRefundEntity } from './razorpay.server'
import { applyProviderRefund } from './refunds.server'
import { type PaymentProvider, PaymentProviderError } from './provider'
import { type RecordWithEffect, settlePayment, type SettleOutcome } from './settle.server'
import { hmacSha256Hex, paymentSignature, signaturesMatch } from './signatures.server'

export const verifyPaymentSchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).regex(/^[A-Za-z0-9_-]{10,64}$/, 'orderId is malformed'),
  razorpay_payment_id: z.string({ error: 'razorpay_payment_id is required' }).regex(/^[A-Za-z0-9_]{1,64}$/, 'razorpay_payment_id is malformed'),
  razorpay_signature: z.string({ error: 'razorpay_signature is required' }).max(128),
  /** Sent by the payment window; ignored: the signature is computed from the order id we stored. */
  razorpay_order_id: z.string().max(64).optional(),
})

export class PaymentRejectedError extends Error {}

/** How soon an order is looked up again when the provider could not be asked while its buyer waited. */
const RECHECK_SOON_MS = 60_000

/**
 * The browser's word that a payment went through: accepted only with a valid signature over the provider order id
 * we stored for this order, and then only as far as the provider confirms it (decision 032): the payment is fetched,
 * an authorized one captured, and its amount and currency must be the order's. When the provider cannot be asked, the
 * outcome is 'checking' and the order is looked up again within a minute.
 */
export async function verifyCheckoutPayment(db: Database, provider: PaymentProvider, input: z.infer<typeof verifyPaymentSchema>, now = new Date()) {
  const [order] = await db
    .select({ id: orders.id, providerOrderId: orders.providerOrderId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, input.orderId))
  if (!order?.providerOrderId) throw new PaymentRejectedError('Unknown order.')
  const expected = paymentSignature(provider.keySecret, order.providerOrderId, input.razorpay_payment_id)
  if (!signaturesMatch(expected, input.razorpay_signature)) {
    throw new PaymentRejectedError('The payment could not be verified (bad signature).')
  }
  try {
    const payment = await provider.fetchPayment(input.razorpay_payment_id)
    const result = await settlePayment(db, provider, { providerOrderId: order.providerOrderId, payment, now })
    return { orderId: order.id, outcome: result.outcome }
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err
    log.warn({ orderId: order.id, err }, `Could not confirm the payment of order ${order.id} with the provider; it is looked up again within a minute`)
    await db.update(orders).set({ nextPaymentCheckAt: new Date(now.getTime() + RECHECK_SOON_MS) }).where(eq(orders.id, order.id))
    return { orderId: order.id, outcome: 'checking' as const }
  }
}

/**
 * A webhook's body (https://razorpay.com/docs/webhooks/payloads/payments/ and .../orders/): the payment entity of
 * payment.* events and order.paid, the order entity of order.paid.
 */
const webhookSchema = z.object({
  event: z.string().max(100),
  payload: z.object({
    payment: z.object({ entity: razorpayPaymentEntity }).optional(),
    order: z.object({ entity: z.object({ id: z.string(), status: z.string() }) }).optional(),
    // refund.* (https://razorpay.com/docs/webhooks/refunds/): the notes carry our refund's id, set when it was asked.
    refund: z.object({ entity: razorpayRefundEntity.extend({ notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional() }) }).optional(),
  }),
})

const WEBHOOK_PROVIDER_MS = 2_000

export type WebhookOutcome = SettleOutcome | 'ignored' | 'refund-updated'

/**
 * A webhook from Razorpay. The signature is checked over the raw body. The delivery's event id is written in the
 * transaction of its effect (decision 032): a delivery whose handling failed leaves nothing, and Razorpay's
 * redelivery is handled again; a delivery handled before is answered 'duplicate'.
 * - payment.captured, order.paid: the order is paid if the payment matches it;
 * - payment.authorized: captured for the order's amount, then paid (for shops whose Razorpay does not auto-capture);
 * - payment.failed: in the order's history, its reason kept for the customer's next try.
 */
export async function handlePaymentWebhook(
  db: Database,
  provider: PaymentProvider,
  input: { rawBody: string; signature: string | null; eventId: string | null },
  now = new Date(),
): Promise<{ outcome: WebhookOutcome }> {
  if (!signaturesMatch(hmacSha256Hex(provider.webhookSecret, input.rawBody), input.signature)) {
    throw new PaymentRejectedError('Invalid webhook signature.')
  }
  let body: z.infer<typeof webhookSchema>
  try {
    body = webhookSchema.parse(JSON.parse(input.rawBody))
  } catch {
    throw new PaymentRejectedError('The webhook body is not a payment event we understand.')
  }
  const eventId = input.eventId?.slice(0, 100) || null
  if (eventId) {
    const [seen] = await db.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId))
    if (seen) return { outcome: 'duplicate' }
  }
  const payment = body.payload.payment ? fromRazorpayPayment(body.payload.payment.entity) : null
  const providerOrderId = body.payload.order?.entity.id ?? payment?.providerOrderId ?? null
  const record =
    (outcome: string): RecordWithEffect =>
    async (tx) => {
      if (!eventId) return true
      const [order] = providerOrderId ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.providerOrderId, providerOrderId)) : []
      const inserted = await tx.insert(paymentEvents).values({ eventId, event: body.event, orderId: order?.id ?? null, outcome }).onConflictDoNothing().returning()
      return inserted.length > 0
    }
  const refund = body.payload.refund?.entity
  if (body.event.startsWith('refund.') && refund) {
    const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {}
    const ourId = typeof notes.refundId === 'string' ? notes.refundId : undefined
    const applied = await applyProviderRefund(db, fromRazorpayRefund(refund), { refundId: ourId, now, record: record('handled') })
    return { outcome: applied === 'duplicate' ? 'duplicate' : applied ? 'refund-updated' : 'ignored' }
  }
  const handled = ['payment.captured', 'order.paid', 'payment.authorized', 'payment.failed']
  if (!handled.includes(body.event) || !payment || !providerOrderId) {
    const written = await db.transaction((tx) => record('ignored')(tx))
    return { outcome: written ? 'ignored' : 'duplicate' }
  }
  // Razorpay waits 5 s for the answer: a capture (payment.authorized) gets 2 s, and a fetch after a failed capture 2 s
  // more. Past that the delivery fails, nothing is recorded, and Razorpay's redelivery tries again.
  const result = await settlePayment(db, provider, { providerOrderId, payment, now, record: record('handled'), providerTimeoutMs: WEBHOOK_PROVIDER_MS })
  return { outcome: result.outcome }
}
