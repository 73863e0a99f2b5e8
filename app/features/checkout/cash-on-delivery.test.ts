import { describe, expect, it } from 'vitest'
import { type CodRules, DEFAULT_COD_RULES, codAvailability, parseRefusedPins } from './cash-on-delivery'
import { codConfirmationToken, isCodConfirmationToken } from './cod-confirmation.server'

// Issue 19: each rule of cash on delivery refuses with its own message (decision 043).

const rules = (over: Partial<CodRules> = {}): CodRules => ({
  ...DEFAULT_COD_RULES,
  minOrderPaise: 20_000,
  maxOrderPaise: 300_000,
  refusedPins: ['6824', '110001'],
  ...over,
})
const order = (over: Partial<{ orderValuePaise: number; postalCode: string; returnedParcels: number }> = {}) => ({
  orderValuePaise: 50_000,
  postalCode: '636001',
  returnedParcels: 0,
  ...over,
})

describe('cash on delivery', () => {
  it('is offered within the rules, with its fee', () => {
    expect(codAvailability(rules({ feePaise: 3_000 }), order())).toEqual({ ok: true, feePaise: 3_000 })
    // The limits themselves are inside.
    expect(codAvailability(rules(), order({ orderValuePaise: 20_000 })).ok).toBe(true)
    expect(codAvailability(rules(), order({ orderValuePaise: 300_000 })).ok).toBe(true)
    expect(codAvailability(rules({ maxOrderPaise: null }), order({ orderValuePaise: 10_000_000 })).ok).toBe(true)
    expect(codAvailability(rules(), order({ returnedParcels: 1 })).ok).toBe(true)
  })

  it('refuses each rule with its own message', () => {
    const answers = [
      codAvailability(rules({ enabled: false }), order()),
      codAvailability(rules(), order({ orderValuePaise: 19_999 })),
      codAvailability(rules(), order({ orderValuePaise: 300_001 })),
      codAvailability(rules(), order({ postalCode: '682411' })),
      codAvailability(rules(), order({ postalCode: '110001' })),
      codAvailability(rules(), order({ returnedParcels: 2 })),
    ]
    expect(answers.map((a) => (a.ok ? 'ok' : a.refusal))).toEqual([
      'off',
      'below-minimum',
      'above-maximum',
      'pin-refused',
      'pin-refused',
      'too-many-returns',
    ])
    const messages = answers.map((a) => (a.ok ? '' : a.message))
    expect(messages[1]).toBe('Cash on delivery is for orders from ₹200: add ₹0.01 more, or pay online.')
    expect(messages[2]).toBe('Cash on delivery is for orders up to ₹3,000. Pay online for this order.')
    expect(messages[3]).toBe('Cash on delivery is not available for PIN code 682411. Pay online for this order.')
    expect(new Set(messages.slice(0, 4)).size).toBe(4)
    // A prefix refuses only the codes it begins.
    expect(codAvailability(rules(), order({ postalCode: '682511' })).ok).toBe(true)
    expect(codAvailability(rules(), order({ postalCode: '110002' })).ok).toBe(true)
  })

  it('reads the owner’s list of refused PIN codes and prefixes, and names what is not one', () => {
    expect(parseRefusedPins('682411, 6824\n110001 110001;  7')).toEqual({ ok: true, pins: ['110001', '6824', '7'] })
    expect(parseRefusedPins('')).toEqual({ ok: true, pins: [] })
    expect(parseRefusedPins('682411, 06824, 1234567, Kochi')).toEqual({ ok: false, wrong: ['06824', '1234567', 'Kochi'] })
  })

  it('confirms an order only with the token made for it', () => {
    const token = codConfirmationToken('secret-1', 'order-a')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(isCodConfirmationToken('secret-1', 'order-a', token)).toBe(true)
    expect(isCodConfirmationToken('secret-1', 'order-b', token)).toBe(false)
    expect(isCodConfirmationToken('secret-2', 'order-a', token)).toBe(false)
    expect(isCodConfirmationToken('secret-1', 'order-a', `${token.slice(0, -1)}x`)).toBe(false)
    expect(isCodConfirmationToken('secret-1', 'order-a', '')).toBe(false)
    expect(isCodConfirmationToken('secret-1', 'order-a', null)).toBe(false)
  })
})
