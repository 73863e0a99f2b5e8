import { eq } from 'drizzle-orm'
import { z } from '~/zod'
import type { Database } from '~/db/client.server'
import { orders, paymentEvents } from '~/db/schema'
import { confirmPayment } from '../checkout/orders.server'
import type { PaymentProvider } from './provider'
import { hmacSha256Hex, paymentSignature, signaturesMatch } from './signatures.server'

export const verifyPaymentSchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).regex(/^[A-Za-z0-9_-]{10,64}$/, 'orderId is malformed'),
  razorpay_payment_id: z.string({ error: 'razorpay_payment_id is required' }).regex(/^[A-Za-z0-9_]{1,64}$/, 'razorpay_payment_id is malformed'),
  razorpay_signature: z.string({ error: 'razorpay_signature is required' }).max(128),
  /** Sent by the payment window; ignored: the signature is computed from the order id we stored. */
  razorpay_order_id: z.string().max(64).optional(),
})

export class PaymentRejectedError extends Error {}

/**
 * The browser's word that a payment went through: accepted only with a valid signature over the provider order
 * id we stored for this order.
 */
export async function verifyCheckoutPayment(db: Database, provider: PaymentProvider, input: z.infer<typeof verifyPaymentSchema>) {
  const [order] = await db
    .select({ id: orders.id, providerOrderId: orders.providerOrderId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, input.orderId))
  if (!order?.providerOrderId) throw new PaymentRejectedError('Unknown order.')
  const expected = paymentSignature(provider.keySecret, order.providerOrderId, input.razorpay_payment_id)
  if (!signaturesMatch(expected, input.razorpay_signature)) {
    throw new PaymentRejectedError('The payment could not be verified (bad signature).')
  }
  const result = await confirmPayment(db, order.providerOrderId, input.razorpay_payment_id)
  return { orderId: order.id, outcome: result.outcome }
}

const webhookSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: z.object({ id: z.string(), order_id: z.string().nullable().optional(), status: z.string() }) }).optional(),
    order: z.object({ entity: z.object({ id: z.string(), status: z.string() }) }).optional(),
  }),
})

/**
 * A webhook from Razorpay. The signature is checked over the raw body; deliveries are deduplicated by event id;
 * `payment.captured` and `order.paid` confirm the order (a second confirmation is a no-op).
 */
export async function handlePaymentWebhook(
  db: Database,
  provider: PaymentProvider,
  input: { rawBody: string; signature: string | null; eventId: string | null },
) {
  if (!signaturesMatch(hmacSha256Hex(provider.webhookSecret, input.rawBody), input.signature)) {
    throw new PaymentRejectedError('Invalid webhook signature.')
  }
  let body: z.infer<typeof webhookSchema>
  try {
    body = webhookSchema.parse(JSON.parse(input.rawBody))
  } catch {
    throw new PaymentRejectedError('The webhook body is not a payment event we understand.')
  }
  if (input.eventId) {
    const inserted = await db.insert(paymentEvents).values({ eventId: input.eventId }).onConflictDoNothing().returning()
    if (inserted.length === 0) return { outcome: 'duplicate' as const }
  }
  const payment = body.payload.payment?.entity
  if (body.event === 'payment.captured' || body.event === 'order.paid') {
    const providerOrderId = body.payload.order?.entity.id ?? payment?.order_id
    if (!providerOrderId || !payment) return { outcome: 'ignored' as const }
    const result = await confirmPayment(db, providerOrderId, payment.id)
    return { outcome: result.outcome }
  }
  return { outcome: 'ignored' as const }
}
