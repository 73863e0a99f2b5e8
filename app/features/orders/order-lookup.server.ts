import crypto from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderLines, orders } from '~/db/schema'

/** What is stored of the buyer's cookie token with the order (checkout/buyer-cookie.server.ts): its hash, never the token. */
export function hashBuyerToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** The columns that make an order's money (OrderMoney, order-money.ts), for a select that shows its total's lines. */
export const orderMoneyColumns = {
  subtotalPaise: orders.subtotalPaise,
  couponCode: orders.couponCode,
  couponDiscountPaise: orders.couponDiscountPaise,
  prepaidDiscountPaise: orders.prepaidDiscountPaise,
  deliveryPaise: orders.deliveryPaise,
  codFeePaise: orders.codFeePaise,
  totalPaise: orders.totalPaise,
  paymentMethod: orders.paymentMethod,
}

export type OrderWithLines = typeof orders.$inferSelect & { lines: Array<typeof orderLines.$inferSelect> }

/** An order and its lines, by name. */
export async function orderWithLines(db: Database, id: string): Promise<OrderWithLines | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id))
  if (!order) return null
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.name))
  return { ...order, lines }
}

/** The order as its buyer may see it; null for anyone else. */
export async function getOrderForBuyer(db: Database, id: string, buyerToken: string | null) {
  if (!buyerToken) return null
  const order = await orderWithLines(db, id)
  if (!order || order.buyerTokenHash !== hashBuyerToken(buyerToken)) return null
  return order
}

export async function getOrder(db: Database, id: string) {
  return orderWithLines(db, id)
}
