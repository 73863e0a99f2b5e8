import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { couponUses, coupons, orders } from '~/db/schema'
import { lastTenPhoneDigits } from '../checkout/orders.server'
import { type Coupon, type CouponResult, type OfferLine, applyCoupon, normaliseCouponCode } from './coupons'

/** The statuses of an order that count as a customer having ordered before (a first-order code then refuses). */
const ORDERED = ['paid', 'packed', 'shipped', 'delivered'] as const

/** A customer as coupons know them: the e-mail (lower-case) and the last ten digits of the phone. */
export type CouponCustomer = { email: string; phone: string }

export function couponCustomerOf(email: string, phone: string): CouponCustomer {
  return { email: email.trim().toLowerCase(), phone: phone.replace(/\D/g, '').slice(-10) }
}

function couponOfRow(row: typeof coupons.$inferSelect): Coupon {
  const { createdAt: _c, updatedAt: _u, ...coupon } = row
  return coupon
}

/**
 * Takes one use of the code typed for `orderId`, inside the order's transaction `tx`, or says why not; nothing is
 * written when it refuses. The coupon's row is locked first (`for update`), so orders placed at the same moment take
 * its uses one after another: with 10 uses left, 10 of 40 get it and 30 are refused (the test beside this file).
 * The order's row must already be in `tx`.
 */
export async function takeCouponUse(
  tx: Database,
  input: { typedCode: string; orderId: string; lines: OfferLine[]; customer: CouponCustomer; paysOnline: boolean; at: Date },
): Promise<CouponResult & { code?: string }> {
  const code = normaliseCouponCode(input.typedCode)
  const [row] = code ? await tx.select().from(coupons).where(eq(coupons.code, code)).for('update') : []
  const { email, phone } = input.customer
  // Without a phone, the e-mail alone (`or` leaves out an undefined condition).
  const sameCustomer = or(eq(couponUses.email, email), phone ? eq(couponUses.phone, phone) : undefined)
  const orderedBySame = or(sql`lower(${orders.email}) = ${email}`, phone ? eq(lastTenPhoneDigits('phoneNumber'), phone) : undefined)
  const live = and(eq(couponUses.couponCode, code ?? ''), isNull(couponUses.releasedAt))
  const [[uses], [customerUses], [ordered]] = row
    ? await Promise.all([
        tx.select({ n: count() }).from(couponUses).where(live),
        tx.select({ n: count() }).from(couponUses).where(and(live, sameCustomer)),
        tx
          .select({ n: count() })
          .from(orders)
          .where(and(inArray(orders.status, ORDERED), orderedBySame)),
      ])
    : [[{ n: 0 }], [{ n: 0 }], [{ n: 0 }]]
  const result = applyCoupon(row ? couponOfRow(row) : null, input.lines, {
    at: input.at,
    usesSoFar: uses!.n,
    customerUses: customerUses!.n,
    customerHasOrdered: ordered!.n > 0,
    paysOnline: input.paysOnline,
  })
  if (!result.ok) return result
  await tx.insert(couponUses).values({ orderId: input.orderId, couponCode: code!, email, phone, discountPaise: result.discountPaise, createdAt: input.at })
  return { ...result, code: code! }
}

/** Gives back the coupon use of an order expired or cancelled before dispatch, in that change's transaction. */
export async function releaseCouponUse(tx: Database, orderId: string, at: Date) {
  await tx.update(couponUses).set({ releasedAt: at }).where(and(eq(couponUses.orderId, orderId), isNull(couponUses.releasedAt)))
}
