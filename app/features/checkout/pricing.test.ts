import { describe, expect, it } from 'vitest'
import { DEFAULT_SHOP_SETTINGS } from '../settings/shop-settings'
import { deliveryChargePaise, moreForFreeDeliveryPaise, orderTotals } from './pricing'

const spec = DEFAULT_SHOP_SETTINGS

describe('delivery', () => {
  it('costs ₹40 below ₹350 and nothing from ₹350 or for an empty cart, as the spec sets it', () => {
    expect([spec.deliveryChargePaise, spec.freeDeliveryFromPaise]).toEqual([4_000, 35_000])
    expect(deliveryChargePaise(0, spec)).toBe(0)
    expect(deliveryChargePaise(1, spec)).toBe(4_000)
    expect(deliveryChargePaise(34_999, spec)).toBe(4_000)
    expect(deliveryChargePaise(35_000, spec)).toBe(0)
    expect(orderTotals(14_950, spec)).toEqual({ subtotalPaise: 14_950, deliveryPaise: 4_000, totalPaise: 18_950 })
  })

  it('tells the cart how much more brings it free, to the paisa', () => {
    expect(moreForFreeDeliveryPaise(14_950, spec)).toBe(20_050)
    expect(moreForFreeDeliveryPaise(34_999, spec)).toBe(1)
    expect(moreForFreeDeliveryPaise(35_000, spec)).toBe(0)
    expect(moreForFreeDeliveryPaise(0, spec)).toBe(0)
  })

  it('follows the owner’s rule: another charge and threshold, always free, never free', () => {
    const rule = { deliveryChargePaise: 6_050, freeDeliveryFromPaise: 50_000 }
    expect(orderTotals(49_999, rule)).toEqual({ subtotalPaise: 49_999, deliveryPaise: 6_050, totalPaise: 56_049 })
    expect(moreForFreeDeliveryPaise(40_000, rule)).toBe(10_000)
    expect(orderTotals(50_000, rule).deliveryPaise).toBe(0)
    expect(orderTotals(100, { deliveryChargePaise: 4_000, freeDeliveryFromPaise: 0 }).deliveryPaise).toBe(0)
    expect(moreForFreeDeliveryPaise(100, { deliveryChargePaise: 0, freeDeliveryFromPaise: 35_000 })).toBe(0)
  })
})
