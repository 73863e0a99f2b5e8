import { eq, isNull, and } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { couponUses, coupons, orders } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { couponCustomerOf, releaseCouponUse, takeCouponUse } from './coupon-uses.server'

// Issue 19: a coupon's uses are taken in the order's transaction, one order after another however many arrive at
// once, and given back when the order expires or is cancelled before dispatch.

const LINES = [{ productId: 'mango', category: 'freeze-dried-fruit', totalPaise: 45_000 }]
const address = (phone: string) => ({
  fullName: 'Meena',
  buildingNumber: '1',
  streetName: 'Car Street',
  city: 'Salem',
  postalCode: '636001',
  state: 'Tamil Nadu',
  phoneNumber: phone,
  alternateNumber: '',
})

describe(`coupon uses on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const db = () => handle.db
  let next = 0

  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await db().delete(couponUses)
    await db().delete(orders)
    await db().delete(coupons)
  })

  /** Places an order and takes the code for it, in one transaction, as checkout will; the answer, or the refusal. */
  async function orderWithCode(code: string, email: string, phone: string) {
    const orderId = `order-${++next}`
    try {
      return await db().transaction(async (tx) => {
        await tx.insert(orders).values({
          id: orderId,
          email,
          shippingAddress: address(phone),
          subtotalPaise: 45_000,
          deliveryPaise: 0,
          totalPaise: 45_000,
          provider: 'test',
          buyerTokenHash: 'h',
          checkoutKey: `key-${orderId}`,
          expiresAt: new Date(Date.now() + 600_000),
        })
        const taken = await takeCouponUse(tx, {
          typedCode: code,
          orderId,
          lines: LINES,
          customer: couponCustomerOf(email, phone),
          paysOnline: true,
          at: new Date(),
        })
        // Checkout refuses the whole order when the code is refused: nothing of it is kept.
        if (!taken.ok) throw new Refused(taken.refusal)
        return { orderId, ...taken }
      })
    } catch (err) {
      if (err instanceof Refused) return { refused: err.refusal }
      throw err
    }
  }
  class Refused extends Error {
    constructor(readonly refusal: string) {
      super(refusal)
    }
  }

  it('40 orders at once with a code that has 10 uses left: exactly 10 get it, 30 are refused as used up', async () => {
    await db().insert(coupons).values({ code: 'DIWALI10', kind: 'percent', value: 1_000, totalUses: 12 })
    // Two uses taken already: 10 left.
    await orderWithCode('diwali10', 'early@example.in', '9000000001')
    await orderWithCode('Diwali10', 'early2@example.in', '9000000002')
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => orderWithCode('DIWALI10', `buyer${i}@example.in`, `98${String(i).padStart(8, '0')}`)),
    )
    const taken = answers.filter((a) => 'ok' in a && a.ok)
    expect(taken).toHaveLength(10)
    expect(answers.filter((a) => 'refused' in a && a.refused === 'used-up')).toHaveLength(30)
    for (const answer of taken) expect(answer).toMatchObject({ discountPaise: 4_500, code: 'DIWALI10' })
    expect((await db().select().from(couponUses)).length).toBe(12)
    // The refused orders are not there at all.
    expect((await db().select().from(orders)).length).toBe(12)
  })

  it('one use per customer holds under the same race, by e-mail and by phone', async () => {
    await db().insert(coupons).values({ code: 'WELCOME', kind: 'fixed', value: 5_000, usesPerCustomer: 1 })
    const sameEmail = await Promise.all(
      Array.from({ length: 20 }, (_, i) => orderWithCode('welcome', 'Meena@Example.in', `97${String(i).padStart(8, '0')}`)),
    )
    expect(sameEmail.filter((a) => 'ok' in a && a.ok)).toHaveLength(1)
    expect(sameEmail.filter((a) => 'refused' in a && a.refused === 'used-by-customer')).toHaveLength(19)
    const samePhone = await Promise.all(
      Array.from({ length: 20 }, (_, i) => orderWithCode('welcome', `other${i}@example.in`, '+91 94860 12345')),
    )
    expect(samePhone.filter((a) => 'ok' in a && a.ok)).toHaveLength(1)
    expect(samePhone.filter((a) => 'refused' in a && a.refused === 'used-by-customer')).toHaveLength(19)
  })

  it('an unknown code and an ended one are refused, each with its reason, and write nothing', async () => {
    await db()
      .insert(coupons)
      .values({ code: 'MONSOON', kind: 'percent', value: 500, validUntil: new Date(Date.now() - 60_000) })
    expect(await orderWithCode('MONSOON', 'a@example.in', '9000000003')).toEqual({ refused: 'expired' })
    expect(await orderWithCode('NOSUCHCODE', 'a@example.in', '9000000003')).toEqual({ refused: 'not-valid' })
    expect(await orderWithCode('no such code', 'a@example.in', '9000000003')).toEqual({ refused: 'not-valid' })
    expect(await db().select().from(couponUses)).toEqual([])
  })

  it('a first-order code refuses a customer who has a paid order, and a released use is free again', async () => {
    await db().insert(coupons).values({ code: 'FIRST', kind: 'fixed', value: 2_000, firstOrderOnly: true, totalUses: 1 })
    const first = await orderWithCode('FIRST', 'new@example.in', '9000000004')
    expect(first).toMatchObject({ ok: true, discountPaise: 2_000 })
    expect(await orderWithCode('FIRST', 'another@example.in', '9000000005')).toEqual({ refused: 'used-up' })
    // The first order expires: its use is given back, and another customer may take it.
    await db().transaction((tx) => releaseCouponUse(tx, (first as { orderId: string }).orderId, new Date()))
    expect(
      await db()
        .select()
        .from(couponUses)
        .where(and(eq(couponUses.couponCode, 'FIRST'), isNull(couponUses.releasedAt))),
    ).toEqual([])
    const again = await orderWithCode('FIRST', 'another@example.in', '9000000005')
    expect(again).toMatchObject({ ok: true })
    await db()
      .update(orders)
      .set({ status: 'paid' })
      .where(eq(orders.id, (again as { orderId: string }).orderId))
    await db().update(coupons).set({ totalUses: null }).where(eq(coupons.code, 'FIRST'))
    expect(await orderWithCode('FIRST', 'ANOTHER@example.in', '9111111111')).toEqual({ refused: 'first-order-only' })
    expect(await orderWithCode('FIRST', 'third@example.in', '+91 90000 00005')).toEqual({ refused: 'first-order-only' })
  })

  it('the database refuses a coupon no rule allows', async () => {
    for (const bad of [
      { code: 'lower', kind: 'fixed' as const, value: 100 },
      { code: 'PCT', kind: 'percent' as const, value: 10_001 },
      { code: 'ZERO', kind: 'fixed' as const, value: 0 },
      { code: 'DATES', kind: 'fixed' as const, value: 100, validFrom: new Date('2026-12-02'), validUntil: new Date('2026-12-01') },
      { code: 'NOUSES', kind: 'fixed' as const, value: 100, totalUses: 0 },
    ]) {
      await expect(db().insert(coupons).values(bad), bad.code).rejects.toThrow()
    }
  })
})
