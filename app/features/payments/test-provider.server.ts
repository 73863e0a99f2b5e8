import crypto from 'node:crypto'
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { testProviderPayments } from '~/db/schema'
import { NO_BROWSER_SOURCES, type PaymentProvider, type ProviderPayment, PaymentProviderError } from './provider'
import { razorpayProtocol } from './razorpay.server'
import { paymentSignature } from './signatures.server'

const asPayment = (row: typeof testProviderPayments.$inferSelect): ProviderPayment => ({
  id: row.id,
  providerOrderId: row.providerOrderId,
  status: row.status,
  amountPaise: row.amountPaise,
  currency: row.currency,
  failureReason: row.status === 'failed' ? 'The test payment failed.' : null,
})

/**
 * The built-in provider used when Razorpay is not configured. It walks through the same states and the same
 * signature check; its secret is made once per database so that every app server agrees on it, and its payments are
 * rows of that database (test_provider_payments), so every server can fetch and capture them.
 */
export function testPaymentProvider(
  secret: string,
  database: Database | (() => Database),
): PaymentProvider & {
  keyId: string
  keySecret: string
  webhookSecret: string
  /** Pays `amountPaise` against the order, as the test payment window does, and signs the result as Razorpay would. */
  makeTestPayment(
    providerOrderId: string,
    amountPaise: number,
    status?: 'captured' | 'authorized' | 'failed',
  ): Promise<{ paymentId: string; signature: string }>
} {
  // A function for tests that make the provider before they open the database.
  const db = () => (typeof database === 'function' ? database() : database)
  async function find(paymentId: string) {
    const [row] = await db().select().from(testProviderPayments).where(eq(testProviderPayments.id, paymentId))
    if (!row) throw new PaymentProviderError(`The test provider has no payment ${paymentId}`)
    return row
  }
  return {
    name: 'test',
    keyId: 'test_mode',
    keySecret: secret,
    webhookSecret: secret,
    // Its window is the shop's own dialog (components/checkout/test-payment-window.tsx): no script, no other host.
    browser: { kind: 'test', script: null, sources: NO_BROWSER_SOURCES, payingNote: null },
    checkoutData: ({ providerOrderId, amountPaise }) => ({ keyId: 'test_mode', providerOrderId, amountPaise }),
    ...razorpayProtocol({ keySecret: secret, webhookSecret: secret }),
    async createOrder() {
      return { providerOrderId: `order_test_${crypto.randomBytes(8).toString('hex')}` }
    },
    async listPayments(providerOrderId) {
      const rows = await db().select().from(testProviderPayments).where(eq(testProviderPayments.providerOrderId, providerOrderId))
      return rows.map(asPayment)
    },
    async listPaymentsBetween(from, to) {
      const rows = await db()
        .select()
        .from(testProviderPayments)
        .where(and(gte(testProviderPayments.createdAt, from), lte(testProviderPayments.createdAt, to)))
        .orderBy(desc(testProviderPayments.createdAt))
      return rows.map(asPayment)
    },
    async fetchPayment(paymentId) {
      return asPayment(await find(paymentId))
    },
    async capturePayment(paymentId, amountPaise, currency) {
      const row = await find(paymentId)
      if (row.status !== 'authorized' || row.amountPaise !== amountPaise || row.currency !== currency) {
        throw new PaymentProviderError(
          `The test provider cannot capture ${paymentId}: it is ${row.status}, for ${row.amountPaise} ${row.currency}`,
        )
      }
      const [captured] = await db()
        .update(testProviderPayments)
        .set({ status: 'captured' })
        .where(and(eq(testProviderPayments.id, paymentId), eq(testProviderPayments.status, 'authorized')))
        .returning()
      return asPayment(captured ?? (await find(paymentId)))
    },
    // Refunds in test mode are processed at once, as an instant refund would be; the refund's id comes from the key,
    // so the same key asked again is the same refund.
    async refundPayment({ paymentId, amountPaise, idempotencyKey }) {
      const id = `rfnd_test_${crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 14)}`
      const refund = { id, paymentId, amountPaise, status: 'processed' as const, speedProcessed: 'instant' }
      // One statement, so two servers asked with one key at once refund once.
      const [updated] = await db()
        .update(testProviderPayments)
        .set({
          amountRefundedPaise: sql`${testProviderPayments.amountRefundedPaise} + ${amountPaise}`,
          refundKeys: sql`${testProviderPayments.refundKeys} || jsonb_build_array(${idempotencyKey}::text)`,
          status: sql`case when ${testProviderPayments.amountRefundedPaise} + ${amountPaise} = ${testProviderPayments.amountPaise} then 'refunded' else ${testProviderPayments.status} end`,
        })
        .where(
          and(
            eq(testProviderPayments.id, paymentId),
            inArray(testProviderPayments.status, ['captured']),
            sql`not (${testProviderPayments.refundKeys} @> jsonb_build_array(${idempotencyKey}::text))`,
            sql`${testProviderPayments.amountRefundedPaise} + ${amountPaise} <= ${testProviderPayments.amountPaise}`,
          ),
        )
        .returning()
      if (updated) return refund
      const row = await find(paymentId)
      if ((row.refundKeys as string[]).includes(idempotencyKey)) return refund
      throw new PaymentProviderError(
        `The test provider cannot refund ${amountPaise} paise of ${paymentId}: it is ${row.status}, ${row.amountRefundedPaise} of ${row.amountPaise} refunded already`,
      )
    },
    async fetchRefund(paymentId, refundId) {
      const row = await find(paymentId)
      return { id: refundId, paymentId, amountPaise: row.amountRefundedPaise, status: 'processed', speedProcessed: 'instant' }
    },
    async makeTestPayment(providerOrderId, amountPaise, status = 'captured') {
      // Like Razorpay, which takes no second payment for an order that is paid: a reload or a double click of the
      // test window gets the payment already made (the unique index holds it however the clicks interleave).
      const paymentId = `pay_test_${crypto.randomBytes(8).toString('hex')}`
      const [made] = await db()
        .insert(testProviderPayments)
        .values({ id: paymentId, providerOrderId, amountPaise, status })
        .onConflictDoNothing()
        .returning({ id: testProviderPayments.id })
      const id =
        made?.id ??
        (
          await db()
            .select({ id: testProviderPayments.id })
            .from(testProviderPayments)
            .where(
              and(
                eq(testProviderPayments.providerOrderId, providerOrderId),
                inArray(testProviderPayments.status, ['captured', 'authorized', 'refunded']),
              ),
            )
        )[0]!.id
      return { paymentId: id, signature: paymentSignature(secret, providerOrderId, id) }
    },
  }
}
