import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orders } from '~/db/schema'
import { log } from '~/log.server'
import { startOfShopDay } from '../dates/india-time'
import { orderNumberLabel } from '../orders/order-number'
import type { PaymentProvider } from './provider'
import { type ProviderSource, providersOf } from './registry.server'
import { flagPaymentAttention, settlePayment } from './settle.server'

// Once a day the shop compares its paid orders with the provider's captured payments of the day before (decision 032):
// a captured payment whose order the shop did not mark paid is settled now (and said so), and an order the shop calls
// paid without a payment the provider has captured is set aside for the owner. Safe to run on every app server: what
// it does is settle (which pays an order once) and flag (which says the same thing twice).

const PAID = ['paid', 'packed', 'shipped', 'delivered', 'cancelled'] as const
const DAY_MS = 24 * 60 * 60_000

export type Difference = { orderId: string | null; paymentId: string | null; what: string }

/** The check for each provider the shop runs, of the orders each opened. */
export async function comparePaymentsOfDay(
  db: Database,
  providers: ProviderSource,
  shopUrl: string,
  dayStart: Date,
): Promise<Difference[]> {
  const differences: Difference[] = []
  for (const provider of providersOf(providers).all()) differences.push(...(await compareWithProvider(db, provider, shopUrl, dayStart)))
  if (differences.length) log.warn({ differences }, `The daily payment check found ${differences.length} difference(s)`)
  return differences
}

async function compareWithProvider(db: Database, provider: PaymentProvider, shopUrl: string, dayStart: Date): Promise<Difference[]> {
  const dayEnd = new Date(dayStart.getTime() + DAY_MS)
  const payments = await provider.listPaymentsBetween(dayStart, new Date(dayEnd.getTime() - 1000))
  const differences: Difference[] = []
  const counted = payments.filter((p) => p.status === 'captured' || p.status === 'refunded')
  const providerOrderIds = [...new Set(counted.map((p) => p.providerOrderId).filter((id): id is string => Boolean(id)))]
  const shopOrders = providerOrderIds.length
    ? await db
        .select({
          id: orders.id,
          number: orders.number,
          numberPrefix: orders.numberPrefix,
          status: orders.status,
          providerOrderId: orders.providerOrderId,
          paymentId: orders.paymentId,
        })
        .from(orders)
        .where(and(inArray(orders.providerOrderId, providerOrderIds), eq(orders.provider, provider.name)))
    : []
  const byProviderOrder = new Map(shopOrders.map((o) => [o.providerOrderId!, o]))
  for (const payment of counted) {
    const order = payment.providerOrderId ? byProviderOrder.get(payment.providerOrderId) : undefined
    if (!order) {
      // Another shop on the same Razorpay account, a payment link, or an order removed by hand.
      differences.push({
        orderId: null,
        paymentId: payment.id,
        what: `Payment ${payment.id} (${payment.amountPaise} paise) was captured for no order of this shop.`,
      })
      continue
    }
    if (payment.status === 'captured' && (order.status === 'pending_payment' || order.status === 'expired')) {
      const settled = await settlePayment(db, provider, shopUrl, { providerOrderId: payment.providerOrderId!, payment })
      differences.push({
        orderId: order.id,
        paymentId: payment.id,
        what: `${orderNumberLabel(order)} was not marked paid though payment ${payment.id} was captured: ${settled.outcome === 'paid' ? 'now confirmed' : `set aside (${settled.outcome})`}.`,
      })
    }
  }
  const capturedIds = new Set(counted.map((p) => p.id))
  const paidInShop = await db
    .select({
      id: orders.id,
      number: orders.number,
      numberPrefix: orders.numberPrefix,
      providerOrderId: orders.providerOrderId,
      paymentId: orders.paymentId,
    })
    .from(orders)
    .where(
      and(inArray(orders.status, [...PAID]), eq(orders.provider, provider.name), gte(orders.paidAt, dayStart), lt(orders.paidAt, dayEnd)),
    )
  for (const order of paidInShop) {
    if (order.paymentId && capturedIds.has(order.paymentId)) continue
    // Paid late in the day for a payment made the day before is fine: only a payment the provider does not have is not.
    const payment = order.paymentId ? await provider.fetchPayment(order.paymentId).catch(() => null) : null
    if (payment && (payment.status === 'captured' || payment.status === 'refunded')) continue
    const what = `${orderNumberLabel(order)} is paid in the shop, but the provider has no captured payment ${order.paymentId ?? ''} for it. Check it in the provider's dashboard before shipping.`
    differences.push({ orderId: order.id, paymentId: order.paymentId, what })
    if (order.providerOrderId) await flagPaymentAttention(db, order.providerOrderId, what)
  }
  return differences
}

/** Runs the check for yesterday (India's day) once per day, on the first reconciliation tick after 02:00 IST. */
export function dailyPaymentCheck(db: Database, providers: ProviderSource, shopUrl: string) {
  let lastDay = ''
  return async (now = new Date()) => {
    const today = startOfShopDay(now)
    const key = today.toISOString()
    if (key === lastDay || now.getTime() - today.getTime() < 2 * 60 * 60_000) return null
    lastDay = key
    return comparePaymentsOfDay(db, providers, shopUrl, new Date(today.getTime() - DAY_MS))
  }
}
