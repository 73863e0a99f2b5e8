import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GST_RATES } from '../invoices/gst'
import { taxInvoice } from '../invoices/tax'
import { type Coupon, applyCoupon } from './coupons'
import { type PaymentChoice, type PrepaidOffer, priceOrder, prepaidDiscountPaise } from './order-pricing'

// Issue 19: invoices of discounted and cash-on-delivery orders carry the tax per line, CGST + SGST or IGST, and
// add up to the order's total to the paisa, for 1,000 generated carts. By hand: the figures of decision 042.

const CATEGORIES = ['herbal', 'spices', 'freeze-dried-fruit', 'oils', 'thokku']
const RULE = { deliveryChargePaise: 4_000, freeDeliveryFromPaise: 35_000 }

const line = fc.record({
  productId: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6'),
  category: fc.constantFrom(...CATEGORIES),
  ratePercent: fc.constantFrom(...GST_RATES),
  quantity: fc.integer({ min: 1, max: 10 }),
  unitPricePaise: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 100, max: 500_000 })),
})
const coupon: fc.Arbitrary<Coupon> = fc.record({
  code: fc.constant('OFFER'),
  kind: fc.constantFrom('percent' as const, 'fixed' as const),
  value: fc.integer({ min: 1, max: 10_000 }),
  minOrderPaise: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200_000 })),
  maxDiscountPaise: fc.option(fc.integer({ min: 0, max: 50_000 })),
  validFrom: fc.constant(null),
  validUntil: fc.constant(null),
  totalUses: fc.constant(null),
  usesPerCustomer: fc.constant(null),
  categories: fc.subarray(CATEGORIES),
  productIds: fc.subarray(['p1', 'p2', 'p3']),
  firstOrderOnly: fc.constant(false),
  prepaidOnly: fc.boolean(),
  active: fc.constant(true),
})
const prepaidOffer: fc.Arbitrary<PrepaidOffer | null> = fc.option(
  fc.record({
    kind: fc.constantFrom('percent' as const, 'fixed' as const),
    value: fc.integer({ min: 1, max: 2_000 }),
    maxDiscountPaise: fc.option(fc.integer({ min: 0, max: 20_000 })),
  }),
)

describe('invoices of discounted and cash-on-delivery orders', () => {
  it('tax each line on its discounted value and add up to the order’s total, for 1,000 carts', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.option(coupon),
        prepaidOffer,
        fc.constantFrom<PaymentChoice>('online', 'cod'),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom('intra-state' as const, 'inter-state' as const),
        (lines, maybeCoupon, prepaid, payment, codFee, supply) => {
          const offerLines = lines.map((l) => ({ productId: l.productId, category: l.category, totalPaise: l.unitPricePaise * l.quantity }))
          const applied = maybeCoupon
            ? applyCoupon(maybeCoupon, offerLines, {
                at: new Date(),
                usesSoFar: 0,
                customerUses: 0,
                customerHasOrdered: false,
                paysOnline: payment === 'online',
              })
            : null
          const order = priceOrder({
            lines: offerLines,
            deliveryRule: RULE,
            coupon: applied?.ok ? applied : null,
            prepaidOffer: prepaid,
            payment,
            codFeePaise: codFee,
          })

          // The discounts are spread exactly, a coupon only over the lines it applies to, no line below nothing.
          expect(order.lineDiscountsPaise.reduce((a, b) => a + b, 0)).toBe(order.couponDiscountPaise + order.prepaidDiscountPaise)
          order.lineDiscountsPaise.forEach((d, i) => expect(d).toBeLessThanOrEqual(offerLines[i]!.totalPaise))
          if (applied?.ok && order.prepaidDiscountPaise === 0)
            order.lineDiscountsPaise.forEach((d, i) => applied.eligible[i] || expect(d).toBe(0))
          if (payment === 'cod') expect(order.prepaidDiscountPaise).toBe(0)
          else expect(order.codFeePaise).toBe(0)

          const invoice = taxInvoice({
            supply,
            deliveryPaise: order.deliveryPaise,
            codFeePaise: order.codFeePaise,
            lines: lines.map((l, i) => ({
              description: l.productId,
              hsnCode: '0910',
              ratePercent: l.ratePercent,
              quantity: l.quantity,
              unitPricePaise: l.unitPricePaise,
              discountPaise: order.lineDiscountsPaise[i],
            })),
          })
          expect(invoice.totals.totalPaise).toBe(order.totalPaise)
          for (const taxed of invoice.lines) {
            expect(taxed.taxablePaise + taxed.cgstPaise + taxed.sgstPaise + taxed.igstPaise).toBe(taxed.totalPaise)
            if (supply === 'inter-state') expect(taxed.cgstPaise + taxed.sgstPaise).toBe(0)
            else expect(taxed.igstPaise).toBe(0)
          }
          const highest = Math.max(...lines.map((l) => l.ratePercent))
          for (const charge of invoice.lines.slice(lines.length)) expect(charge.ratePercent).toBe(highest)
          expect(invoice.lines).toHaveLength(lines.length + (order.deliveryPaise > 0 ? 1 : 0) + (order.codFeePaise > 0 ? 1 : 0))
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('an order worked by hand: a 10% coupon on spices, ₹50 off for paying online, delivery free from ₹350', () => {
    const lines = [
      { productId: 'pepper', category: 'spices', totalPaise: 2 * 14_950 },
      { productId: 'mango', category: 'freeze-dried-fruit', totalPaise: 45_000 },
    ]
    const applied = applyCoupon(
      {
        code: 'SPICE10',
        kind: 'percent',
        value: 1_000,
        minOrderPaise: 0,
        maxDiscountPaise: null,
        validFrom: null,
        validUntil: null,
        totalUses: null,
        usesPerCustomer: null,
        categories: ['spices'],
        productIds: [],
        firstOrderOnly: false,
        prepaidOnly: false,
        active: true,
      },
      lines,
      { at: new Date(), usesSoFar: 0, customerUses: 0, customerHasOrdered: false, paysOnline: true },
    )
    expect(applied).toEqual({ ok: true, discountPaise: 2_990, eligible: [true, false] })
    const online = priceOrder({
      lines,
      deliveryRule: RULE,
      coupon: applied.ok ? applied : null,
      prepaidOffer: { kind: 'fixed', value: 5_000, maxDiscountPaise: null },
      payment: 'online',
      codFeePaise: 3_000,
    })
    // Goods ₹749.00 − ₹29.90 = ₹719.10 (free delivery); − ₹50 for paying online = ₹669.10. The 5,000 paise over
    // 26,910 : 45,000 = 1,871.08… : 3,128.91… → 1,871 + 3,128 = 4,999; the paisa to the larger remainder (0.91).
    expect(online).toEqual({
      subtotalPaise: 74_900,
      couponDiscountPaise: 2_990,
      prepaidDiscountPaise: 5_000,
      deliveryPaise: 0,
      codFeePaise: 0,
      totalPaise: 66_910,
      lineDiscountsPaise: [2_990 + 1_871, 3_129],
    })
    const cod = priceOrder({
      lines,
      deliveryRule: RULE,
      coupon: applied.ok ? applied : null,
      prepaidOffer: { kind: 'fixed', value: 5_000, maxDiscountPaise: null },
      payment: 'cod',
      codFeePaise: 3_000,
    })
    expect(cod).toEqual({
      subtotalPaise: 74_900,
      couponDiscountPaise: 2_990,
      prepaidDiscountPaise: 0,
      deliveryPaise: 0,
      codFeePaise: 3_000,
      totalPaise: 74_910,
      lineDiscountsPaise: [2_990, 0],
    })
  })

  it('a prepaid offer is rounded down, capped, and never more than the goods', () => {
    expect(prepaidDiscountPaise({ kind: 'percent', value: 500, maxDiscountPaise: null }, 19_999)).toBe(999)
    expect(prepaidDiscountPaise({ kind: 'percent', value: 500, maxDiscountPaise: 500 }, 19_999)).toBe(500)
    expect(prepaidDiscountPaise({ kind: 'fixed', value: 5_000, maxDiscountPaise: null }, 3_000)).toBe(3_000)
    expect(prepaidDiscountPaise(null, 3_000)).toBe(0)
  })

  it('a cart a coupon made free still pays delivery below the threshold', () => {
    const lines = [{ productId: 'pepper', category: 'spices', totalPaise: 14_950 }]
    const order = priceOrder({
      lines,
      deliveryRule: RULE,
      coupon: { discountPaise: 14_950, eligible: [true] },
      prepaidOffer: null,
      payment: 'online',
      codFeePaise: 0,
    })
    expect(order).toMatchObject({ deliveryPaise: 4_000, totalPaise: 4_000, lineDiscountsPaise: [14_950] })
  })
})
