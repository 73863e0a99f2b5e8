import { describe, expect, it } from 'vitest'
import { formatRupees, paiseToRupees, rupeeAmount, rupeesToPaise } from './money'

describe('money', () => {
  it('formats whole rupees without decimals and Indian digit grouping', () => {
    expect(formatRupees(35000)).toBe('₹350')
    expect(formatRupees(12345600)).toBe('₹1,23,456')
  })
  it('keeps paise when there are any', () => {
    expect(formatRupees(4050)).toBe('₹40.50')
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
})
