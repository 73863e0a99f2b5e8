import { describe, expect, it } from 'vitest'
import { DELIVERY_CHARGE_PAISE, FREE_DELIVERY_FROM_PAISE, deliveryChargePaise, moreForFreeDeliveryPaise, orderTotals } from './pricing'

describe('delivery', () => {
  it('costs ₹40 below ₹350 and nothing from ₹350 or for an empty cart', () => {
    expect([FREE_DELIVERY_FROM_PAISE, DELIVERY_CHARGE_PAISE]).toEqual([35_000, 4_000])
    expect(deliveryChargePaise(0)).toBe(0)
    expect(deliveryChargePaise(1)).toBe(4_000)
    expect(deliveryChargePaise(34_999)).toBe(4_000)
    expect(deliveryChargePaise(35_000)).toBe(0)
    expect(orderTotals(14_950)).toEqual({ subtotalPaise: 14_950, deliveryPaise: 4_000, totalPaise: 18_950 })
  })

  it('tells the cart how much more brings it free, to the paisa', () => {
    expect(moreForFreeDeliveryPaise(14_950)).toBe(20_050)
    expect(moreForFreeDeliveryPaise(34_999)).toBe(1)
    expect(moreForFreeDeliveryPaise(35_000)).toBe(0)
    expect(moreForFreeDeliveryPaise(0)).toBe(0)
  })
})
