import { and, count, gte, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orders, refunds } from '~/db/schema'

/**
 * The day's money since `since` (the start of the owner's day): orders paid (online, or their cash collected), what
 * they brought in, the refunds decided (failed transfers aside: they gave nothing back), and what is left. An order
 * paid and refunded the same day counts in both, so the net is what the shop kept (issue 39: refunds were nowhere).
 */
export async function salesSince(db: Database, since: Date) {
  const [[paid], [refunded]] = await Promise.all([
    db
      .select({ orders: count(), paise: sql<string>`coalesce(sum(${orders.totalPaise}), 0)` })
      .from(orders)
      .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, since))),
    db
      .select({ refunds: count(), paise: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
      .from(refunds)
      .where(and(gte(refunds.createdAt, since), inArray(refunds.status, ['requested', 'pending', 'processed']))),
  ])
  const paidPaise = Number(paid!.paise)
  const refundedPaise = Number(refunded!.paise)
  return { orders: paid!.orders, paidPaise, refunds: refunded!.refunds, refundedPaise, netPaise: paidPaise - refundedPaise }
}
