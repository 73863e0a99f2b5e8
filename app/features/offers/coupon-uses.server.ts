import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Database, Transaction } from '~/db/client.server'
import { couponUses, coupons, orders } from '~/db/schema'
import { lastTenPhoneDigits } from '../orders/order-phone.server'
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

type CouponCheck = { typedCode: string; lines: OfferLine[]; customer: CouponCustomer; paysOnline: boolean; at: Date }

/**
 * What the code typed gives these lines now, or why nothing. With `lock` (inside the order's transaction) the
 * coupon's row is locked first (`for update`), so orders placed at the same moment count its uses one after another;
 * without, it is the cart's preview, which the order checks again.
 */
export async function checkCoupon(
  db: Database,
  input: CouponCheck,
  { lock }: { lock: boolean },
): Promise<CouponResult & { code?: string }> {
  const code = normaliseCouponCode(input.typedCode)
  const byCode = code ? db.select().from(coupons).where(eq(coupons.code, code)) : null
  const [row] = byCode ? await (lock ? byCode.for('update') : byCode) : []
  const { email, phone } = input.customer
  // Without a phone, the e-mail alone (`or` leaves out an undefined condition); without an e-mail (the cart's
  // preview before the address), the customer's own limits are checked when the order is placed.
  const sameCustomer = or(email ? eq(couponUses.email, email) : undefined, phone ? eq(couponUses.phone, phone) : undefined)
  const orderedBySame = or(
    email ? sql`lower(${orders.email}) = ${email}` : undefined,
    phone ? eq(lastTenPhoneDigits('phoneNumber'), phone) : undefined,
  )
  const known = Boolean(email || phone)
  const live = and(eq(couponUses.couponCode, code ?? ''), isNull(couponUses.releasedAt))
  const [[uses], [customerUses], [ordered]] = row
    ? await Promise.all([
        db.select({ n: count() }).from(couponUses).where(live),
        known ? db.select({ n: count() }).from(couponUses).where(and(live, sameCustomer)) : [{ n: 0 }],
        known
          ? db
              .select({ n: count() })
              .from(orders)
              .where(and(inArray(orders.status, ORDERED), orderedBySame))
          : [{ n: 0 }],
      ])
    : [[{ n: 0 }], [{ n: 0 }], [{ n: 0 }]]
  const result = applyCoupon(row ? couponOfRow(row) : null, input.lines, {
    at: input.at,
    usesSoFar: uses!.n,
    customerUses: customerUses!.n,
    customerHasOrdered: ordered!.n > 0,
    paysOnline: input.paysOnline,
  })
  return result.ok ? { ...result, code: code! } : result
}

/** Records the use `checkCoupon` allowed, in the same transaction, once the order's row is written. */
export async function recordCouponUse(
  tx: Transaction,
  use: { orderId: string; code: string; customer: CouponCustomer; discountPaise: number; at: Date },
) {
  await tx.insert(couponUses).values({
    orderId: use.orderId,
    couponCode: use.code,
    email: use.customer.email,
    phone: use.customer.phone,
    discountPaise: use.discountPaise,
    createdAt: use.at,
  })
}

/**
 * Takes one use of the code typed for `orderId`, inside the order's transaction `tx`, or says why not; nothing is
 * written when it refuses. With 10 uses left, 10 of 40 orders placed at once get it and 30 are refused (the test
 * beside this file). The order's row must already be in `tx`.
 */
export async function takeCouponUse(tx: Transaction, input: CouponCheck & { orderId: string }): Promise<CouponResult & { code?: string }> {
  const result = await checkCoupon(tx, input, { lock: true })
  if (result.ok)
    await recordCouponUse(tx, {
      orderId: input.orderId,
      code: result.code!,
      customer: input.customer,
      discountPaise: result.discountPaise,
      at: input.at,
    })
  return result
}

/** Gives back the coupon use of an order expired or cancelled before dispatch, in that change's transaction. */
export async function releaseCouponUse(tx: Transaction, orderId: string, at: Date) {
  await tx
    .update(couponUses)
    .set({ releasedAt: at })
    .where(and(eq(couponUses.orderId, orderId), isNull(couponUses.releasedAt)))
}

/**
 * Takes back the use of an order paid after it expired: the customer paid the discounted price, so the use counts
 * again, even past the code's limit (the money is in).
 */
export async function restoreCouponUse(tx: Transaction, orderId: string) {
  await tx.update(couponUses).set({ releasedAt: null }).where(eq(couponUses.orderId, orderId))
}
