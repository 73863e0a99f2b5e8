import { and, count, gte, inArray, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orders } from '~/db/schema'

/** Orders paid since `since` (the start of the owner's day) and what they brought in, in paise. */
export async function salesSince(db: Database, since: Date) {
  const [row] = await db
    .select({ orders: count(), revenuePaise: sql<string>`coalesce(sum(${orders.totalPaise}), 0)` })
    .from(orders)
    .where(and(gte(orders.paidAt, since), inArray(orders.status, ['paid', 'packed', 'shipped', 'delivered'])))
  return { orders: row!.orders, revenuePaise: Number(row!.revenuePaise) }
}
