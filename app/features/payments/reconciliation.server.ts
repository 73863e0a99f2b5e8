import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderEvents, orderLines, orders } from '~/db/schema'
import { log } from '~/log.server'
import { changeStock } from '../stock/ledger.server'
import { releaseCouponUse } from '../offers/coupon-uses.server'
import { cancelUnconfirmedCodOrders } from '../checkout/cod-orders.server'
import type { ProviderPayment } from './provider'
import { type ProviderSource, providersOf } from './registry.server'
import { dailyPaymentCheck } from './daily-check.server'
import { reconcileRefunds } from './refunds.server'
import { flagPaymentAttention, settlePayment } from './settle.server'

// The payment reconciliation (decision 032): every unpaid order is looked up at the provider a few minutes after it
// was placed (PAYMENT_CHECK_MINUTES, default 2, 10 and 25), and once more when its reservation ends, so a payment
// whose webhook was lost is honoured within minutes, not at expiry. Look-ups that fail back off per order; after
// ATTENTION_AFTER_FAILURES in a row the order is set aside for the owner and, once past its time, expired like any
// other (a payment found later still confirms it). Orders are taken by when they are due and pushed back before the
// provider is asked, so failing ones never hold up the rest, and several app servers never ask about one order at once.

export const DEFAULT_CHECK_MINUTES = [2, 10, 25]
const ATTENTION_AFTER_FAILURES = 3
/** How long a server may take over one order's look-up before another may try it. */
const CLAIM_MS = 2 * 60_000
const MINUTE = 60_000

/** Gives back the stock of an unpaid order past its time. Returns whether it expired it. */
export async function expireOrder(db: Database, orderId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment'), lt(orders.expiresAt, now)))
      .for('update', { skipLocked: true })
    if (!order) return false
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId))
    for (const line of lines) {
      await changeStock(tx, { productId: line.productId, size: line.size, change: line.quantity, reason: 'expired', orderId })
    }
    await tx.update(orders).set({ status: 'expired', nextPaymentCheckAt: null, updatedAt: new Date() }).where(eq(orders.id, orderId))
    await releaseCouponUse(tx, orderId, now)
    await tx.insert(orderEvents).values({ orderId, status: 'expired', note: 'Not paid in time; stock returned' })
    return true
  })
}

/** When an order placed at `createdAt` is next looked up after `now`: the next step of the schedule, else its expiry. */
export function nextCheckAt(createdAt: Date, expiresAt: Date, now: Date, checkMinutes = DEFAULT_CHECK_MINUTES) {
  const next = checkMinutes.map((m) => createdAt.getTime() + m * MINUTE).find((t) => t > now.getTime())
  // A moment after expiry, so that the look-up then finds the order past its time.
  const atExpiry = expiresAt.getTime() + 1000
  return new Date(next !== undefined && next < atExpiry ? next : Math.max(atExpiry, now.getTime() + 1000))
}

/** The order's payment that counts: a captured one, else an authorized one (to capture); null when neither. */
function paymentToSettle(payments: ProviderPayment[]) {
  return payments.find((p) => p.status === 'captured') ?? payments.find((p) => p.status === 'authorized') ?? null
}

/** Takes up to `batch` orders due for a look-up, pushing each back by CLAIM_MS so no other server takes it meanwhile. */
async function claimDueOrders(db: Database, now: Date, batch: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending_payment'), lte(sql`coalesce(${orders.nextPaymentCheckAt}, ${orders.expiresAt})`, now)))
      .orderBy(asc(sql`coalesce(${orders.nextPaymentCheckAt}, ${orders.expiresAt})`))
      .limit(batch)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(orders)
      .set({ nextPaymentCheckAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        inArray(
          orders.id,
          due.map((o) => o.id),
        ),
      )
      .returning({
        id: orders.id,
        provider: orders.provider,
        providerOrderId: orders.providerOrderId,
        createdAt: orders.createdAt,
        expiresAt: orders.expiresAt,
        failures: orders.paymentCheckFailures,
        attention: orders.paymentAttention,
      })
  })
}

export type ReconcileResult = { checked: number; paid: number; expired: number; failedLookups: number }

/** One pass: looks up the orders that are due and settles, expires or reschedules each. */
export async function reconcilePayments(
  db: Database,
  source: ProviderSource,
  shopUrl: string,
  now = new Date(),
  { batch = 50, checkMinutes = DEFAULT_CHECK_MINUTES }: { batch?: number; checkMinutes?: number[] } = {},
): Promise<ReconcileResult> {
  const providers = providersOf(source)
  const result: ReconcileResult = { checked: 0, paid: 0, expired: 0, failedLookups: 0 }
  for (const order of await claimDueOrders(db, now, batch)) {
    result.checked++
    const pastExpiry = order.expiresAt.getTime() < now.getTime()
    if (order.providerOrderId) {
      try {
        // Each order is asked about at the provider it was opened with; one the shop no longer runs counts as a failed look-up.
        const provider = providers.forOrder(order.provider)
        const payment = paymentToSettle(await provider.listPayments(order.providerOrderId))
        if (payment) {
          const settled = await settlePayment(db, provider, shopUrl, { providerOrderId: order.providerOrderId, payment, now })
          if (settled.outcome === 'paid') {
            result.paid++
            continue
          }
        }
        await db
          .update(orders)
          .set({
            paymentChecks: sql`${orders.paymentChecks} + 1`,
            paymentCheckFailures: 0,
            nextPaymentCheckAt: nextCheckAt(order.createdAt, order.expiresAt, now, checkMinutes),
          })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'pending_payment')))
      } catch (err) {
        result.failedLookups++
        const failures = order.failures + 1
        // 1, 2, 4, 8… minutes, at most 30: a provider that is down is not asked about every order every minute.
        const backoff = Math.min(2 ** (failures - 1), 30) * MINUTE
        await db
          .update(orders)
          .set({
            paymentChecks: sql`${orders.paymentChecks} + 1`,
            paymentCheckFailures: failures,
            nextPaymentCheckAt: new Date(now.getTime() + backoff),
          })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'pending_payment')))
        const message = (err as Error).message
        log.warn(
          { orderId: order.id, error: message },
          `Could not ask the payment provider about order ${order.id} (${failures} in a row); will try again`,
        )
        if (failures < ATTENTION_AFTER_FAILURES) continue
        if (!order.attention) {
          await flagPaymentAttention(
            db,
            order.providerOrderId,
            `The payment provider could not be asked about this order ${failures} times in a row (last: ${message}). Check it in the provider's dashboard.`,
            now,
          )
        }
        // Set aside: it no longer holds stock past its time; a payment found later still confirms it.
        if (!pastExpiry) continue
      }
    }
    if (pastExpiry && (await expireOrder(db, order.id, now))) result.expired++
    else if (!order.providerOrderId) {
      await db
        .update(orders)
        .set({ nextPaymentCheckAt: nextCheckAt(order.createdAt, order.expiresAt, now, []) })
        .where(eq(orders.id, order.id))
    }
  }
  return result
}

/** The orders one pass expired (what the tests of the reservation ask). */
export async function expireOverdueOrders(db: Database, providers: ProviderSource, shopUrl: string, now = new Date(), batch = 50) {
  return (await reconcilePayments(db, providers, shopUrl, now, { batch })).expired
}

/** Runs the reconciliation, of payments, of cash-on-delivery orders past their confirmation time and then of refunds (and once a day the comparison with the provider), every `everyMs` (ORDER_EXPIRY_CHECK_SECONDS), starting a second after start-up. */
export function startPaymentReconciliation(
  db: Database,
  providers: ProviderSource,
  shopUrl: string,
  everyMs = 60_000,
  checkMinutes = DEFAULT_CHECK_MINUTES,
) {
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  let timer: NodeJS.Timeout
  const daily = dailyPaymentCheck(db, providers, shopUrl)
  const tick = () => {
    const now = new Date()
    running = reconcilePayments(db, providers, shopUrl, now, { checkMinutes })
      .then(() => cancelUnconfirmedCodOrders(db, now))
      .then(() => reconcileRefunds(db, providers, shopUrl, now))
      .then(() => daily(now))
      .catch((err) => log.error({ err }, 'Payment reconciliation failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs)
      })
  }
  timer = setTimeout(tick, 1000)
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
