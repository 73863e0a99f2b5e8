import { describe, expect, it } from 'vitest'
import { boxSettings, type ShippingBox } from './box-settings'
import { billedWeightGrams, proposeBox, volumetricWeightGrams } from './boxes'

const box = (name: string, l: number, b: number, h: number, maxWeightGrams: number): ShippingBox => ({
  name,
  lengthCm: l,
  breadthCm: b,
  heightCm: h,
  maxWeightGrams,
})

const small = box('Small pouch box', 20, 15, 5, 500)
const medium = box('Medium box', 25, 20, 10, 2_000)
const large = box('Large box', 35, 25, 20, 10_000)

describe('the volumetric weight a courier counts', () => {
  it('is L × B × H / 5,000 kg, in grams rounded up', () => {
    // 20 × 15 × 5 = 1,500 cm³ → 0.3 kg; 35 × 25 × 20 = 17,500 cm³ → 3.5 kg.
    expect(volumetricWeightGrams({ lengthCm: 20, breadthCm: 15, heightCm: 5 })).toBe(300)
    expect(volumetricWeightGrams({ lengthCm: 35, breadthCm: 25, heightCm: 20 })).toBe(3_500)
    // 7 × 7 × 7 = 343 cm³ → 68.6 g, billed as 69.
    expect(volumetricWeightGrams({ lengthCm: 7, breadthCm: 7, heightCm: 7 })).toBe(69)
  })

  it('rounds each side up to a whole centimetre first, as couriers measure', () => {
    expect(volumetricWeightGrams({ lengthCm: 19.2, breadthCm: 14.5, heightCm: 4.1 })).toBe(300)
  })
})

describe('the weight a courier bills', () => {
  it('is the parcel’s weight when it is heavier than its box’s volumetric weight', () => {
    expect(billedWeightGrams({ weightGrams: 480, lengthCm: 20, breadthCm: 15, heightCm: 5 })).toBe(480)
  })

  it('is the volumetric weight when the box is light for its size', () => {
    // Freeze-dried fruit is bulky: 1.1 kg in the large box bills as 3.5 kg.
    expect(billedWeightGrams({ weightGrams: 1_100, lengthCm: 35, breadthCm: 25, heightCm: 20 })).toBe(3_500)
  })
})

describe('the box proposed for a parcel', () => {
  const boxes = [large, small, medium]

  it('is the smallest box that takes the weight, whatever the order the owner lists them in', () => {
    expect(proposeBox(130, boxes)).toEqual({
      box: small,
      fits: true,
      parcel: { weightGrams: 130, lengthCm: 20, breadthCm: 15, heightCm: 5 },
      billedWeightGrams: 300,
    })
    expect(proposeBox(500, boxes)?.box).toBe(small)
    expect(proposeBox(501, boxes)?.box).toBe(medium)
    expect(proposeBox(2_000, boxes)?.box).toBe(medium)
    expect(proposeBox(2_001, boxes)).toMatchObject({ box: large, fits: true, billedWeightGrams: 3_500 })
    expect(proposeBox(10_000, boxes)).toMatchObject({ box: large, fits: true, billedWeightGrams: 10_000 })
  })

  it('is the box that takes the most when none takes the weight, flagged', () => {
    expect(proposeBox(12_500, boxes)).toEqual({
      box: large,
      fits: false,
      parcel: { weightGrams: 12_500, lengthCm: 35, breadthCm: 25, heightCm: 20 },
      billedWeightGrams: 12_500,
    })
    // The one that takes the most, even when another is bigger.
    const tallButWeak = box('Tall carton', 60, 40, 40, 3_000)
    expect(proposeBox(5_000, [tallButWeak, medium])).toMatchObject({ box: tallButWeak, fits: false })
    expect(proposeBox(20_000, [tallButWeak, large])).toMatchObject({ box: large, fits: false })
  })

  it('prefers the smaller of two boxes that both take the weight, even if it is listed last', () => {
    const flat = box('Flat box', 30, 20, 4, 2_000)
    expect(proposeBox(800, [medium, flat])?.box).toBe(flat)
  })

  it('is none when the owner keeps no boxes', () => {
    expect(proposeBox(500, [])).toBeNull()
  })

  it('takes the shop’s default boxes as the issue names them', () => {
    expect(boxSettings.defaults.shippingBoxes).toEqual([small, medium, large])
    expect(proposeBox(1_080, boxSettings.defaults.shippingBoxes)).toMatchObject({ box: medium, fits: true, billedWeightGrams: 1_080 })
  })
})
