import { describe, expect, it } from 'vitest'

describe('the delivery rule as the admin types it', () => {
  it('takes rupees with or without paise, commas and the rupee sign, and keeps whole paise', async () => {
    const { deliveryRuleFormSchema } = await import('./delivery-settings-form')
    expect(deliveryRuleFormSchema.parse({ deliveryCharge: '40', freeDeliveryFrom: '350' })).toEqual({
      deliveryChargePaise: 4_000,
      freeDeliveryFromPaise: 35_000,
    })
    expect(deliveryRuleFormSchema.parse({ deliveryCharge: '₹ 60.5', freeDeliveryFrom: '1,000' })).toEqual({
      deliveryChargePaise: 6_050,
      freeDeliveryFromPaise: 1_00_000,
    })
    expect(deliveryRuleFormSchema.parse({ deliveryCharge: '0', freeDeliveryFrom: '0' })).toEqual({
      deliveryChargePaise: 0,
      freeDeliveryFromPaise: 0,
    })
    for (const [deliveryCharge, freeDeliveryFrom] of [
      ['-1', '350'],
      ['4e1', '350'],
      ['40.001', '350'],
      ['1000.01', '350'],
      ['40', '100000.01'],
      ['', '350'],
    ]) {
      expect(
        deliveryRuleFormSchema.safeParse({ deliveryCharge, freeDeliveryFrom }).success,
        `${deliveryCharge} / ${freeDeliveryFrom}`,
      ).toBe(false)
    }
  })
})
