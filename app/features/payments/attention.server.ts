import { and, count, desc, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderEvents, orders } from '~/db/schema'
import { orderNumberLabel } from '../orders/order-number'

// The "needs attention" list (decision 032): orders whose payment the shop could not settle by itself. The owner reads
// why on /dash and on the order's page, deals with it at the provider or with the customer, and marks it dealt with.

export async function paymentsNeedingAttention(db: Database, limit = 20) {
  const where = isNotNull(orders.paymentAttention)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        numberPrefix: orders.numberPrefix,
        status: orders.status,
        totalPaise: orders.totalPaise,
        reason: orders.paymentAttention,
        since: orders.paymentAttentionAt,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.paymentAttentionAt))
      .limit(limit),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return { total: total!.n, orders: rows.map((r) => ({ ...r, reason: r.reason!, label: orderNumberLabel(r) })) }
}

/** The owner has dealt with it: off the list, and in the order's history with who did so and what they wrote. */
export async function resolvePaymentAttention(db: Database, orderId: string, input: { actor: string; note: string }) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ paymentAttention: null, paymentAttentionAt: null, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), isNotNull(orders.paymentAttention)))
      .returning({ status: orders.status })
    if (!order) return false
    await tx
      .insert(orderEvents)
      .values({ orderId, status: order.status, note: `Payment attention dealt with: ${input.note}`, actor: input.actor })
    return true
  })
}
