import { eq } from 'drizzle-orm'
import { z } from '~/zod'
import type { Database } from '~/db/client.server'
import { orders, paymentEvents } from '~/db/schema'
import { log } from '~/log.server'
import { applyProviderRefund } from './refunds.server'
import { type PaymentProvider, PaymentProviderError, PaymentRejectedError, type WebhookDelivery } from './provider'
import { type ProviderSource, providersOf } from './registry.server'
import { type RecordWithEffect, settlePayment, type SettleOutcome } from './settle.server'
import { m } from '~/i18n/paraglide/messages.js'

export { PaymentRejectedError }

/** What the browser posts to /api/payment/verify: the order, and the fields its provider's window handed back. */
export const verifyPaymentSchema = z.looseObject({
  orderId: z
    .string({ error: () => m.payments_order_id_required() })
    .regex(/^[A-Za-z0-9_-]{10,64}$/, { error: () => m.payments_order_id_malformed() }),
})

/** How soon an order is looked up again when the provider could not be asked while its buyer waited. */
const RECHECK_SOON_MS = 60_000

/**
 * The browser's word that a payment went through: accepted only when the order's own provider finds the fields prove a
 * payment of the provider order we stored (Razorpay: a valid signature), and then only as far as the provider confirms
 * it (decision 032): the payment is fetched, an authorized one captured, and its amount and currency must be the
 * order's. When the provider cannot be asked, the outcome is 'checking' and the order is looked up again within a minute.
 */
export async function verifyCheckoutPayment(
  db: Database,
  providers: ProviderSource,
  shopUrl: string,
  input: { orderId: string } & Record<string, unknown>,
  now = new Date(),
) {
  const [order] = await db
    .select({ id: orders.id, providerOrderId: orders.providerOrderId, status: orders.status, provider: orders.provider })
    .from(orders)
    .where(eq(orders.id, input.orderId))
  if (!order?.providerOrderId) throw new PaymentRejectedError(m.payments_unknown_order())
  const provider = providersOf(providers).get(order.provider)
  if (!provider) throw new PaymentRejectedError(m.payments_provider_not_configured())
  const { orderId: _, ...fields } = input
  const returned = provider.verifyReturn(order.providerOrderId, fields)
  if ('incomplete' in returned) throw new PaymentRejectedError(m.payments_result_incomplete())
  if ('forged' in returned) throw new PaymentRejectedError(m.payments_bad_signature())
  try {
    const payment = await provider.fetchPayment(returned.paymentId)
    const result = await settlePayment(db, provider, shopUrl, { providerOrderId: order.providerOrderId, payment, now })
    return { orderId: order.id, outcome: result.outcome }
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err
    log.warn(
      { orderId: order.id, err },
      `Could not confirm the payment of order ${order.id} with the provider; it is looked up again within a minute`,
    )
    await db
      .update(orders)
      .set({ nextPaymentCheckAt: new Date(now.getTime() + RECHECK_SOON_MS) })
      .where(eq(orders.id, order.id))
    return { orderId: order.id, outcome: 'checking' as const }
  }
}

/**
 * Test mode: pays the order as the test payment window does and hands the signed result to the same verification as
 * a real payment's (one step, so the route changes state once).
 */
export async function payInTestMode(
  db: Database,
  providers: ProviderSource,
  shopUrl: string,
  testPayments: { makeTestPayment(providerOrderId: string, amountPaise: number): Promise<{ paymentId: string; signature: string }> },
  order: { id: string; providerOrderId: string; totalPaise: number },
) {
  const signed = await testPayments.makeTestPayment(order.providerOrderId, order.totalPaise)
  const result = await verifyCheckoutPayment(db, providers, shopUrl, {
    orderId: order.id,
    razorpay_payment_id: signed.paymentId,
    razorpay_signature: signed.signature,
  })
  return { ...signed, outcome: result.outcome }
}

const WEBHOOK_PROVIDER_MS = 2_000

export type WebhookOutcome = SettleOutcome | 'ignored' | 'refund-updated'

/**
 * A webhook from a provider. The provider checks its signature over the raw body and reads it into one of the shop's
 * payment events. The delivery's event id is written in the transaction of its effect (decision 032): a delivery whose
 * handling failed leaves nothing, and the provider's redelivery is handled again; a delivery handled before is
 * answered 'duplicate'.
 * - payment captured: the order is paid if the payment matches it;
 * - payment authorized: captured for the order's amount, then paid (for shops whose Razorpay does not auto-capture);
 * - payment failed: in the order's history, its reason kept for the customer's next try;
 * - refund pending, processed or failed: our refund moves on.
 * A payment event about an order another provider opened is not acted on.
 */
export async function handlePaymentWebhook(
  db: Database,
  provider: PaymentProvider,
  shopUrl: string,
  input: { rawBody: string; headers: Headers | Record<string, string | null | undefined> },
  now = new Date(),
): Promise<{ outcome: WebhookOutcome }> {
  const delivery: WebhookDelivery = {
    rawBody: input.rawBody,
    headers: input.headers instanceof Headers ? input.headers : headersOf(input.headers),
  }
  if (!provider.verifyWebhook(delivery)) throw new PaymentRejectedError(m.payments_invalid_webhook_signature())
  const parsed = provider.parseWebhook(delivery)
  const eventId = parsed.eventId?.slice(0, 100) || null
  if (eventId) {
    const [seen] = await db.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId))
    if (seen) return { outcome: 'duplicate' }
  }
  const { providerOrderId, event } = parsed
  const record =
    (outcome: string): RecordWithEffect =>
    async (tx) => {
      if (!eventId) return true
      const [order] = providerOrderId
        ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.providerOrderId, providerOrderId))
        : []
      const inserted = await tx
        .insert(paymentEvents)
        .values({ eventId, event: parsed.name, orderId: order?.id ?? null, outcome })
        .onConflictDoNothing()
        .returning()
      return inserted.length > 0
    }
  if (event && 'refund' in event) {
    const applied = await applyProviderRefund(db, shopUrl, event.refund, {
      refundId: event.shopRefundId ?? undefined,
      now,
      record: record('handled'),
    })
    return { outcome: applied === 'duplicate' ? 'duplicate' : applied ? 'refund-updated' : 'ignored' }
  }
  const [order] = providerOrderId
    ? await db.select({ provider: orders.provider }).from(orders).where(eq(orders.providerOrderId, providerOrderId))
    : []
  if (!event || !providerOrderId || (order && order.provider !== provider.name)) {
    const written = await db.transaction((tx) => record('ignored')(tx))
    return { outcome: written ? 'ignored' : 'duplicate' }
  }
  // Razorpay waits 5 s for the answer: a capture (payment authorized) gets 2 s, and a fetch after a failed capture 2 s
  // more. Past that the delivery fails, nothing is recorded, and the provider's redelivery tries again.
  const result = await settlePayment(db, provider, shopUrl, {
    providerOrderId,
    payment: event.payment,
    now,
    record: record('handled'),
    providerTimeoutMs: WEBHOOK_PROVIDER_MS,
  })
  return { outcome: result.outcome }
}

function headersOf(record: Record<string, string | null | undefined>) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(record)) if (value != null) headers.set(name, value)
  return headers
}
