import { and, eq, gte, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderEvents, orders } from '~/db/schema'

/** Orders and the rupees they stand for, in paise. */
export type OrdersAndPaise = { orders: number; paise: number }

/** Cash on delivery on the dashboard (issue 19, decision 043). */
export type CodFigures = {
  /** Shipped, neither delivered nor returned yet: the cash the couriers are still to bring in. */
  toCollect: OrdersAndPaise
  /** Placed and waiting for the customer's (or the owner's) confirmation. */
  awaitingConfirmation: number
  /** Delivered since `since`, by when the cash was collected (`paid_at`). */
  collected: OrdersAndPaise
  /** Come back to the shop since `since` (refused at the door or not collected). */
  returned: number
  /**
   * Of the COD parcels whose outcome fell since `since`, the share that came back: returned ÷ (delivered + returned),
   * from 0 to 1; null when no parcel was delivered or returned in the period.
   */
  rtoRate: number | null
}

/**
 * The cash-on-delivery figures, in one query over the COD orders that count for any of them. To collect and awaiting
 * confirmation are the orders in those states now, however old; collected, returned and the RTO rate are those whose
 * parcel's outcome fell at or after `since` (the caller's period: the dashboard's last 30 days).
 *
 * A parcel's return is timed by its `returned_to_origin` entry in `order_events`, not by the order's `updated_at`: the
 * entry is written once, in the transaction that returns the order, while `updated_at` moves whenever the row is
 * touched afterwards (the buyer's token, a payment alert, a credit note's bookkeeping), which would bring an old return
 * back into the period. A delivery is timed by `paid_at`, which a COD order gets when its cash is collected and keeps.
 */
export async function codFigures(db: Database, { since }: { since: Date }): Promise<CodFigures> {
  const toCollect = eq(orders.status, 'shipped')
  const awaiting = eq(orders.status, 'awaiting_confirmation')
  const collected = and(eq(orders.status, 'delivered'), gte(orders.paidAt, since))!
  const returned = and(
    eq(orders.status, 'returned_to_origin'),
    sql`exists (select 1 from ${orderEvents} where ${and(eq(orderEvents.orderId, orders.id), eq(orderEvents.status, 'returned_to_origin'), gte(orderEvents.createdAt, since))})`,
  )!
  const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number)
  // sum() of integers is a bigint, which the drivers hand back as a string.
  const summed = (condition: SQL) => sql<number>`coalesce(sum(${orders.totalPaise}) filter (where ${condition}), 0)`.mapWith(Number)

  const [row] = await db
    .select({
      toCollect: counted(toCollect),
      toCollectPaise: summed(toCollect),
      awaiting: counted(awaiting),
      collected: counted(collected),
      collectedPaise: summed(collected),
      returned: counted(returned),
    })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, 'cod'),
        // Only the rows some figure counts.
        or(toCollect, awaiting, collected, returned),
      ),
    )
  const figures = row!
  const outcomes = figures.collected + figures.returned
  return {
    toCollect: { orders: figures.toCollect, paise: figures.toCollectPaise },
    awaitingConfirmation: figures.awaiting,
    collected: { orders: figures.collected, paise: figures.collectedPaise },
    returned: figures.returned,
    rtoRate: outcomes === 0 ? null : figures.returned / outcomes,
  }
}
