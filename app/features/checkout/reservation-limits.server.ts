import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database, Transaction } from '~/db/client.server'
import { orderLines, orders } from '~/db/schema'
import type { ReservationLimits } from './reservation-limits-settings'
import type { OrderItem } from './checkout-schemas'
import { hashBuyerToken } from '../orders/order-lookup.server'

// Reservation rules against stock hoarding (decision 024): a cap on units of one pack per order, a cap on units held
// by unpaid orders per holder (client address, e-mail, phone), and a short window the payment page extends.

export type Holder = 'address' | 'email' | 'phone'
const HOLDER_WORDS: Record<Holder, string> = { address: 'this network address', email: 'this e-mail address', phone: 'this phone number' }

export class ReservationLimitError extends Error {
  constructor(
    readonly limit: 'maxUnitsPerLine' | 'maxUnitsHeldUnpaid',
    readonly max: number,
    message: string,
    readonly holder?: Holder,
    readonly line?: { productId: string; size: string | null },
  ) {
    super(message)
  }
}

/** Refuses an order with more than the owner's cap of one pack (the items merged, so splitting a line does not help). */
export function checkUnitsPerLine(items: OrderItem[], limits: ReservationLimits, shopPhone: string) {
  const over = items.find((item) => item.quantity > limits.maxUnitsPerLine)
  if (!over) return
  throw new ReservationLimitError(
    'maxUnitsPerLine',
    limits.maxUnitsPerLine,
    `At most ${limits.maxUnitsPerLine} units of one pack can be ordered online. For more, call us on ${shopPhone} for a bulk purchase.`,
    undefined,
    { productId: over.productId, size: over.size ?? null },
  )
}

/** The e-mail as holder: lower case and without a +tag, so `a+1@x` and `A+2@x` count as one (the same SQL indexes it). */
/** The orders that hold stock without being paid: waiting for payment, or for a COD confirmation (decision 043). */
const UNPAID_HOLDING = ['pending_payment', 'awaiting_confirmation'] as const

const holderEmail = (email: unknown) => sql`regexp_replace(lower(${email}), '\\+[^@]*@', '@')`
const orderPhone = sql`(${orders.shippingAddress}->>'phoneNumber')`

type HolderKeys = { clientAddress?: string | null; email: string; phone: string }

/**
 * Inside the order's transaction: locks each holder of the new order, then refuses it when the units its holders' unpaid
 * orders already hold plus its own would pass the cap. The transaction-scoped advisory locks make a holder's concurrent
 * checkouts count one after another (a plain count would let them all see the same total and all pass); they are taken
 * in one order everywhere, so two checkouts sharing holders cannot deadlock.
 */
export async function lockAndCheckUnitsHeld(
  tx: Transaction,
  keys: HolderKeys,
  units: number,
  limits: ReservationLimits,
  shopPhone: string,
) {
  const holders: Array<{ holder: Holder; key: string; where: ReturnType<typeof sql> }> = [
    {
      holder: 'email',
      key: `email:${keys.email.toLowerCase().replace(/\+[^@]*@/, '@')}`,
      where: sql`${holderEmail(orders.email)} = ${holderEmail(keys.email)}`,
    },
    { holder: 'phone', key: `phone:${keys.phone}`, where: sql`${orderPhone} = ${keys.phone}` },
  ]
  if (keys.clientAddress)
    holders.push({ holder: 'address', key: `address:${keys.clientAddress}`, where: sql`${orders.clientAddress} = ${keys.clientAddress}` })
  holders.sort((a, b) => (a.key < b.key ? -1 : 1))
  for (const { key } of holders) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reservation:${key}`}, 0))`)
  for (const { holder, where } of holders) {
    const [held] = await tx
      .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(inArray(orders.status, UNPAID_HOLDING), where))
    if ((held?.units ?? 0) + units > limits.maxUnitsHeldUnpaid) {
      throw new ReservationLimitError(
        'maxUnitsHeldUnpaid',
        limits.maxUnitsHeldUnpaid,
        `Unpaid orders from ${HOLDER_WORDS[holder]} already hold items: at most ${limits.maxUnitsHeldUnpaid} units can wait for payment at a time. ` +
          `Pay for the earlier order or let it lapse, or call us on ${shopPhone} for a bulk purchase.`,
        holder,
      )
    }
  }
}

/**
 * Both caps, inside the order's transaction after its stock was taken: the lock on its holders is taken after the
 * variants' row locks in every checkout, so the two kinds of locks are always taken in the same order.
 */
export async function applyReservationLimits(
  tx: Transaction,
  items: OrderItem[],
  holder: HolderKeys,
  settings: ReservationLimits & { phone: string },
) {
  checkUnitsPerLine(items, settings, settings.phone)
  const units = items.reduce((sum, item) => sum + item.quantity, 0)
  await lockAndCheckUnitsHeld(tx, holder, units, settings, settings.phone)
}

export type HoldOutcome = { outcome: 'held'; expiresAt: Date } | { outcome: 'not-pending'; status: string } | { outcome: 'not-found' }

/**
 * Extends an unpaid order's reservation while its buyer is in the payment window (POST /api/payment/hold, every minute):
 * to `windowMinutes` from now, never earlier than it was and never past `maxMinutes` from its creation. Only the browser
 * that placed the order may. An order the expiry worker already expired stays expired (the update re-checks the status
 * under the row lock the worker holds while expiring).
 */
export async function extendHold(
  db: Database,
  {
    orderId,
    buyerToken,
    now = new Date(),
    windowMinutes,
    maxMinutes,
  }: { orderId: string; buyerToken: string | null; now?: Date; windowMinutes: number; maxMinutes: number },
): Promise<HoldOutcome> {
  if (!buyerToken) return { outcome: 'not-found' }
  const mine = and(eq(orders.id, orderId), eq(orders.buyerTokenHash, hashBuyerToken(buyerToken)))
  const until = new Date(now.getTime() + windowMinutes * 60_000)
  const [held] = await db
    .update(orders)
    .set({
      expiresAt: sql`greatest(${orders.expiresAt}, least(${until}::timestamptz, ${orders.createdAt} + make_interval(mins => ${maxMinutes})))`,
    })
    .where(and(mine, eq(orders.status, 'pending_payment')))
    .returning({ expiresAt: orders.expiresAt })
  if (held) return { outcome: 'held', expiresAt: held.expiresAt }
  const [order] = await db.select({ status: orders.status }).from(orders).where(mine)
  return order ? { outcome: 'not-pending', status: order.status } : { outcome: 'not-found' }
}
