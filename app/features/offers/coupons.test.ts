import { describe, expect, it } from 'vitest'
import { apportion } from '../money/apportion'
import { type Coupon, type CouponContext, COUPON_MESSAGES, applyCoupon, couponState, normaliseCouponCode } from './coupons'

// Every expected figure here is worked out by hand from the rules in coupons.ts and apportion.ts.

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  code: 'WELCOME10',
  kind: 'percent',
  value: 1_000,
  minOrderPaise: 0,
  maxDiscountPaise: null,
  validFrom: null,
  validUntil: null,
  totalUses: null,
  usesPerCustomer: null,
  categories: [],
  productIds: [],
  firstOrderOnly: false,
  prepaidOnly: false,
  active: true,
  ...over,
})
const context = (over: Partial<CouponContext> = {}): CouponContext => ({
  at: new Date('2026-11-26T10:00:00+05:30'),
  usesSoFar: 0,
  customerUses: 0,
  customerHasOrdered: false,
  paysOnline: true,
  ...over,
})
const mango = { productId: 'mango', category: 'freeze-dried-fruit', totalPaise: 45_000 }
const pepper = { productId: 'pepper', category: 'spices', totalPaise: 14_950 }

describe('coupon codes', () => {
  it('are case-insensitive and refuse what cannot be a code', () => {
    expect(normaliseCouponCode('  welcome10 ')).toBe('WELCOME10')
    expect(normaliseCouponCode('Diwali-2026_x')).toBe('DIWALI-2026_X')
    expect(normaliseCouponCode('ab')).toBeNull()
    expect(normaliseCouponCode('a'.repeat(33))).toBeNull()
    expect(normaliseCouponCode('TEN OFF')).toBeNull()
    expect(normaliseCouponCode('10%')).toBeNull()
    expect(normaliseCouponCode('-LEADING')).toBeNull()
  })

  it('take a percentage of the lines they apply to, rounded down to the paisa, and capped', () => {
    // 10% of ₹599.50 = ₹59.95.
    expect(applyCoupon(coupon(), [mango, pepper], context())).toEqual({ ok: true, discountPaise: 5_995, eligible: [true, true] })
    // 7.5% of ₹149.50 = 1121.25 paise → 1121.
    expect(applyCoupon(coupon({ value: 750, categories: ['spices'] }), [mango, pepper], context())).toEqual({
      ok: true,
      discountPaise: 1_121,
      eligible: [false, true],
    })
    // 10% of ₹599.50 capped at ₹50.
    expect(applyCoupon(coupon({ maxDiscountPaise: 5_000 }), [mango, pepper], context())).toMatchObject({ ok: true, discountPaise: 5_000 })
  })

  it('take a fixed amount, never more than the lines they apply to are worth', () => {
    expect(applyCoupon(coupon({ kind: 'fixed', value: 10_000 }), [mango, pepper], context())).toMatchObject({
      ok: true,
      discountPaise: 10_000,
    })
    expect(applyCoupon(coupon({ kind: 'fixed', value: 20_000, productIds: ['pepper'] }), [mango, pepper], context())).toEqual({
      ok: true,
      discountPaise: 14_950,
      eligible: [false, true],
    })
  })

  it('answer an unknown, switched-off and early code alike, so a code cannot be found (or an offer to come) by trying', () => {
    const early = applyCoupon(coupon({ validFrom: new Date('2026-12-01T00:00:00+05:30') }), [mango], context())
    const off = applyCoupon(coupon({ active: false }), [mango], context())
    const unknown = applyCoupon(null, [mango], context())
    for (const answer of [early, off]) expect(answer).toEqual(unknown)
    expect(unknown).toEqual({ ok: false, refusal: 'not-valid', message: COUPON_MESSAGES['not-valid'] })
  })

  it('tells a customer that a code has ended, and when, rather than that it is not valid (issue 39, decision 072)', () => {
    const expired = applyCoupon(coupon({ validUntil: new Date('2026-11-25T23:59:59+05:30') }), [mango], context())
    expect(expired).toEqual({ ok: false, refusal: 'expired', message: 'This code ended on 25 Nov 2026.' })
    // Switched off as well as ended: the owner withdrew it, and it reads as unknown.
    const withdrawn = applyCoupon(coupon({ active: false, validUntil: new Date('2026-11-25T23:59:59+05:30') }), [mango], context())
    expect(withdrawn).toMatchObject({ refusal: 'not-valid' })
  })

  it("tells the owner each code's state: on, off, ended or starting later", () => {
    const at = new Date('2026-11-28T12:00:00+05:30')
    expect(couponState(coupon({}), at)).toBe('on')
    expect(couponState(coupon({ active: false }), at)).toBe('off')
    expect(couponState(coupon({ validUntil: new Date('2026-11-25T23:59:59+05:30') }), at)).toBe('ended')
    expect(couponState(coupon({ validFrom: new Date('2026-12-01T00:00:00+05:30') }), at)).toBe('scheduled')
  })

  it('refuse each other rule with its own message', () => {
    const refusal = (c: Coupon, ctx: CouponContext, lines = [mango, pepper]) => {
      const answer = applyCoupon(c, lines, ctx)
      return answer.ok ? 'accepted' : answer.refusal
    }
    expect(refusal(coupon({ totalUses: 10 }), context({ usesSoFar: 10 }))).toBe('used-up')
    expect(refusal(coupon({ totalUses: 10 }), context({ usesSoFar: 9 }))).toBe('accepted')
    expect(refusal(coupon({ usesPerCustomer: 1 }), context({ customerUses: 1 }))).toBe('used-by-customer')
    expect(refusal(coupon({ firstOrderOnly: true }), context({ customerHasOrdered: true }))).toBe('first-order-only')
    expect(refusal(coupon({ prepaidOnly: true }), context({ paysOnline: false }))).toBe('prepaid-only')
    expect(refusal(coupon({ categories: ['oils'] }), context())).toBe('nothing-eligible')
    const short = applyCoupon(coupon({ minOrderPaise: 50_000, categories: ['freeze-dried-fruit'] }), [mango, pepper], context())
    expect(short).toEqual({
      ok: false,
      refusal: 'below-minimum',
      message: 'This code needs ₹500 of the products it applies to: add ₹50 more.',
    })
  })
})

describe('apportion', () => {
  it('shares in proportion, the paise left to the largest remainders, ties to the earlier line', () => {
    // 100 over 1:1:1 = 33.33 each → 34, 33, 33.
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33])
    // 1000 over 45000 : 14950 = 750.63… : 249.37… → 750 + 249 = 999; the larger remainder (0.63) takes the paisa.
    expect(apportion(1_000, [45_000, 14_950])).toEqual([751, 249])
    expect(apportion(7, [0, 5, 0])).toEqual([0, 7, 0])
    expect(apportion(0, [0, 0])).toEqual([0, 0])
  })

  it('rounds a crore the way it rounds a rupee, where floating division would not', () => {
    // 9,007,199,254,740,991 × 3 passes 2^53; the shares must still add up and follow the weights.
    const shares = apportion(Number.MAX_SAFE_INTEGER, [3, 3, 1])
    expect(shares.reduce((a, b) => a + b, 0)).toBe(Number.MAX_SAFE_INTEGER)
    expect(shares[0]).toBe(shares[1])
  })

  it('refuses to share something over nothing, and amounts that are not whole paise', () => {
    expect(() => apportion(1, [0, 0])).toThrow(RangeError)
    expect(() => apportion(1.5, [1])).toThrow(RangeError)
    expect(() => apportion(-1, [1])).toThrow(RangeError)
  })
})
