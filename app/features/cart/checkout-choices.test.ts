import { describe, expect, it } from 'vitest'
import { parseChoices } from './checkout-choices'

describe('the checkout choices kept in the browser', () => {
  it('reads a code and a way of paying, trimmed and bounded', () => {
    expect(parseChoices(JSON.stringify({ couponCode: '  diwali10 ', payment: 'cod' }))).toEqual({ couponCode: 'diwali10', payment: 'cod' })
    expect(parseChoices(JSON.stringify({ couponCode: 'X'.repeat(80), payment: 'online' })).couponCode).toHaveLength(32)
  })

  it('falls back to no code and paying online for anything missing, odd or damaged', () => {
    for (const raw of [
      null,
      '',
      'not json',
      '[]',
      '42',
      JSON.stringify({ couponCode: 7, payment: 'cheque' }),
      JSON.stringify({ couponCode: '   ' }),
    ]) {
      expect(parseChoices(raw), String(raw)).toEqual({ couponCode: null, payment: 'online' })
    }
  })
})
