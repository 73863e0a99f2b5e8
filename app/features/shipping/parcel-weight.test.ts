import { describe, expect, it } from 'vitest'
import { formatParcelWeight } from './parcel-weight'

describe('a parcel’s weight in kilograms', () => {
  it.each([
    [1250, '1.25 kg'],
    [1255, '1.255 kg'],
    [400, '0.4 kg'],
    [5, '0.005 kg'],
    [2000, '2 kg'],
    [30_000, '30 kg'],
    [999.6, '1 kg'],
    [0, '0 kg'],
  ])('%d g is %s', (grams, text) => {
    expect(formatParcelWeight(grams)).toBe(text)
  })
})
