import { describe, expect, it } from 'vitest'
import { describeNet, describeShelfLife, mrpOf, netOf, pricePer100, savingOf, unitSalePrice } from './declarations'

// Legal Metrology (Packaged Commodities) Rules, 2011, rule 6(11) as substituted on 28 March 2022 (decision 039).
describe('the unit sale price', () => {
  it('is per gram below a kilogram, to the paisa', () => {
    expect(unitSalePrice(42000, { amount: 250, unit: 'g' })).toEqual({ paise: 168, per: 'g' })
    // ₹180 for 100 g: ₹1.80 per g.
    expect(unitSalePrice(18000, { amount: 100, unit: 'g' })).toEqual({ paise: 180, per: 'g' })
    // Rounded to the nearest paisa: ₹95 for 150 g is ₹0.6333… per g.
    expect(unitSalePrice(9500, { amount: 150, unit: 'g' })).toEqual({ paise: 63, per: 'g' })
  })

  it('is per kilogram above a kilogram, and not required for exactly one (the proviso: it equals the price)', () => {
    expect(unitSalePrice(150000, { amount: 2000, unit: 'g' })).toEqual({ paise: 75000, per: 'kg' })
    expect(unitSalePrice(151000, { amount: 1000, unit: 'g' })).toBeNull()
  })

  it('is per millilitre or litre for liquids, and per unit for what is sold by number', () => {
    expect(unitSalePrice(28000, { amount: 15, unit: 'ml' })).toEqual({ paise: 1867, per: 'ml' })
    expect(unitSalePrice(90000, { amount: 1500, unit: 'ml' })).toEqual({ paise: 60000, per: 'l' })
    expect(unitSalePrice(24000, { amount: 60, unit: 'unit' })).toEqual({ paise: 400, per: 'unit' })
    expect(unitSalePrice(24000, { amount: 1, unit: 'unit' })).toBeNull()
  })

  it('is not worked out without a net quantity', () => {
    expect(unitSalePrice(24000, null)).toBeNull()
    expect(pricePer100(24000, null)).toBeNull()
    expect(pricePer100(42000, { amount: 250, unit: 'g' })).toBe(16800)
    expect(pricePer100(24000, { amount: 60, unit: 'unit' })).toBeNull()
  })
})

describe('a pack', () => {
  it('has its size as its net quantity when sized, and what was declared otherwise', () => {
    expect(netOf({ size: '500g' })).toEqual({ amount: 500, unit: 'g' })
    expect(netOf({ size: 'one' })).toBeNull()
    expect(netOf({ size: 'one', net: { amount: 15, unit: 'ml' } })).toEqual({ amount: 15, unit: 'ml' })
  })

  it('is described as a label would', () => {
    expect(describeNet({ amount: 250, unit: 'g' })).toBe('250 g')
    expect(describeNet({ amount: 1000, unit: 'g' })).toBe('1 kg')
    expect(describeNet({ amount: 1500, unit: 'g' })).toBe('1.5 kg')
    expect(describeNet({ amount: 1000, unit: 'ml' })).toBe('1 l')
    expect(describeNet({ amount: 60, unit: 'unit' })).toBe('60 units')
    expect(describeNet({ amount: 1, unit: 'unit' })).toBe('1 unit')
    expect(describeShelfLife(12)).toBe('Best before 12 months from the date of packing')
    expect(describeShelfLife(null)).toBeNull()
  })

  it('saves what its MRP is above its price, in whole per cent rounded down; never below its price', () => {
    expect(savingOf({ pricePaise: 42000, mrpPaise: 46000 })).toEqual({ paise: 4000, percent: 8 })
    expect(savingOf({ pricePaise: 42000, mrpPaise: 42000 })).toBeNull()
    expect(savingOf({ pricePaise: 42000 })).toBeNull()
    // A wrong MRP below the price (the database refuses one) never shows a negative saving.
    expect(savingOf({ pricePaise: 42000, mrpPaise: 40000 })).toBeNull()
    expect(mrpOf({ pricePaise: 42000, mrpPaise: 40000 })).toBe(42000)
  })
})
