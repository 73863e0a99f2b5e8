import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatRupees, formatRupeesAndPaise, paiseToRupees, rupeeAmount, rupeesToPaise, typedRupees } from './money'

describe('money', () => {
  it('formats whole rupees without decimals and Indian digit grouping', () => {
    expect(formatRupees(35000)).toBe('₹350')
    expect(formatRupees(12345600)).toBe('₹1,23,456')
  })
  it('keeps paise when there are any', () => {
    expect(formatRupees(4050)).toBe('₹40.50')
    expect(formatRupeesAndPaise(42000)).toBe('₹420.00')
    expect(formatRupees(-4050)).toBe('-₹40.50')
  })
  it('writes what Intl.NumberFormat en-IN INR writes, for any amount up to ₹1,000 crore either way', () => {
    // Intl is the independent check: the helpers do not use it, to spare the browser its locale data (decision 053).
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })
    const intlWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })
    const matchesIntl = (paise: number) => {
      expect(formatRupees(paise)).toBe(paise % 100 === 0 ? intlWhole.format(paise / 100) : intl.format(paise / 100))
      expect(formatRupeesAndPaise(paise)).toBe(intl.format(paise / 100))
    }
    const amounts = fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: -100_000, max: 100_000 }))
    fc.assert(fc.property(amounts, matchesIntl), { numRuns: 2000 })
    // The group boundaries, whatever the random amounts were.
    for (const paise of [0, 1, 99, 100, 99_999, 100_000, 1_000_000, 10_000_000, 100_000_000, 123_456_789]) matchesIntl(paise)
  })
  it('converts between rupees and paise without float drift', () => {
    expect(rupeesToPaise(19.99)).toBe(1999)
    expect(paiseToRupees(1999)).toBe(19.99)
  })
  it('writes a machine-read amount with two decimals from paise', () => {
    expect(rupeeAmount(14950)).toBe('149.50')
    expect(rupeeAmount(1005)).toBe('10.05')
    expect(rupeeAmount(35000)).toBe('350.00')
    expect(rupeeAmount(7)).toBe('0.07')
  })
  it('writes an amount for a form to show: paise only when there are some, two places or as the number reads', () => {
    expect(typedRupees(4000)).toBe('40')
    expect(typedRupees(6050)).toBe('60.50')
    expect(typedRupees(6005)).toBe('60.05')
    expect(typedRupees(6050, { trailingZero: false })).toBe('60.5')
    expect(typedRupees(6005, { trailingZero: false })).toBe('60.05')
    expect(typedRupees(4000, { trailingZero: false })).toBe('40')
    // What the settings (toFixed) and the product form (String) wrote before, for any amount.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (paise) => {
        expect(typedRupees(paise)).toBe(paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2))
        expect(typedRupees(paise, { trailingZero: false })).toBe(String(paise / 100))
      }),
      { numRuns: 2000 },
    )
  })
})
