import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GST_RATES } from './gst'
import { amountInWords, numberInWords, splitInclusivePrice, splitTax, taxInvoice } from './tax'

// Every expected figure here was worked out by hand from the rules in tax.ts (decision 021).

describe('GST inside a price that includes it', () => {
  it('carves the taxable value out of the total, to the nearest paisa', () => {
    // ₹241 at 5%: 24100 × 100 / 105 = 22952.38 → 22952; tax 1148.
    expect(splitInclusivePrice(24100, 5)).toEqual({ taxablePaise: 22952, taxPaise: 1148 })
    // ₹100 at 18%: 10000 × 100 / 118 = 8474.58 → 8475; tax 1525.
    expect(splitInclusivePrice(10000, 18)).toEqual({ taxablePaise: 8475, taxPaise: 1525 })
    // ₹40 at 18%: 4000 × 100 / 118 = 3389.83 → 3390; tax 610.
    expect(splitInclusivePrice(4000, 18)).toEqual({ taxablePaise: 3390, taxPaise: 610 })
    // ₹1,180 at 18% is exactly ₹1,000 + ₹180.
    expect(splitInclusivePrice(118000, 18)).toEqual({ taxablePaise: 100000, taxPaise: 18000 })
    // 0%: no tax at all.
    expect(splitInclusivePrice(12345, 0)).toEqual({ taxablePaise: 12345, taxPaise: 0 })
  })

  it('rounds an exact half paisa up', () => {
    // 14 × 100 / 112 = 12.5 → 13; 16 × 100 / 128 = 12.5 → 13.
    expect(splitInclusivePrice(14, 12)).toEqual({ taxablePaise: 13, taxPaise: 1 })
    expect(splitInclusivePrice(16, 28)).toEqual({ taxablePaise: 13, taxPaise: 3 })
    // 42 × 100 / 112 = 37.5 → 38.
    expect(splitInclusivePrice(42, 12)).toEqual({ taxablePaise: 38, taxPaise: 4 })
  })

  it('splits within the state into CGST + SGST, the odd paisa to SGST, and across states into IGST', () => {
    expect(splitTax(1148, 'intra-state')).toEqual({ cgstPaise: 574, sgstPaise: 574, igstPaise: 0 })
    expect(splitTax(1525, 'intra-state')).toEqual({ cgstPaise: 762, sgstPaise: 763, igstPaise: 0 })
    expect(splitTax(1, 'intra-state')).toEqual({ cgstPaise: 0, sgstPaise: 1, igstPaise: 0 })
    expect(splitTax(1525, 'inter-state')).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 1525 })
  })

  it('refuses amounts that are not whole paise', () => {
    expect(() => splitInclusivePrice(10.5, 5)).toThrow(RangeError)
    expect(() => splitInclusivePrice(-100, 5)).toThrow(RangeError)
    expect(() => taxInvoice({ lines: [], deliveryPaise: 0.5, supply: 'intra-state' })).toThrow(RangeError)
  })
})

const turmeric = { description: 'Turmeric Powder', hsnCode: '0910', ratePercent: 5, quantity: 2, unitPricePaise: 12050 }
const lemongrass = { description: 'Lemongrass Oil', hsnCode: '3301', ratePercent: 18, quantity: 1, unitPricePaise: 10000 }

describe('an invoice of several lines', () => {
  it('within Tamil Nadu: every line and the delivery (at the highest rate, 18%) in CGST + SGST, adding up to what was paid', () => {
    const { lines, totals, rateSummary } = taxInvoice({ lines: [turmeric, lemongrass], deliveryPaise: 4000, supply: 'intra-state' })
    expect(lines.map((l) => [l.hsnCode, l.ratePercent, l.totalPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      ['0910', 5, 24100, 22952, 574, 574, 0],
      ['3301', 18, 10000, 8475, 762, 763, 0],
      ['996812', 18, 4000, 3390, 305, 305, 0],
    ])
    expect(lines[2]!.description).toBe('Delivery charge')
    // 22952 + 8475 + 3390 = 34817; 1148 + 1525 + 610 = 3283; 34817 + 3283 = 38100 = 24100 + 10000 + 4000.
    expect(totals).toEqual({ taxablePaise: 34817, cgstPaise: 1641, sgstPaise: 1642, igstPaise: 0, taxPaise: 3283, totalPaise: 38100 })
    expect(rateSummary).toEqual([
      { hsnCode: '0910', ratePercent: 5, taxablePaise: 22952, cgstPaise: 574, sgstPaise: 574, igstPaise: 0, taxPaise: 1148 },
      { hsnCode: '3301', ratePercent: 18, taxablePaise: 8475, cgstPaise: 762, sgstPaise: 763, igstPaise: 0, taxPaise: 1525 },
      { hsnCode: '996812', ratePercent: 18, taxablePaise: 3390, cgstPaise: 305, sgstPaise: 305, igstPaise: 0, taxPaise: 610 },
    ])
  })

  it('to another state: the same taxable values, all the tax as IGST', () => {
    const { lines, totals } = taxInvoice({ lines: [turmeric, lemongrass], deliveryPaise: 4000, supply: 'inter-state' })
    expect(lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [22952, 0, 0, 1148],
      [8475, 0, 0, 1525],
      [3390, 0, 0, 610],
    ])
    expect(totals).toEqual({ taxablePaise: 34817, cgstPaise: 0, sgstPaise: 0, igstPaise: 3283, taxPaise: 3283, totalPaise: 38100 })
  })

  it('groups lines of one code and rate in the summary, and adds no delivery line when delivery is free', () => {
    const pepper = { description: 'Pepper', hsnCode: '0910', ratePercent: 5, quantity: 1, unitPricePaise: 35000 }
    const { lines, totals, rateSummary } = taxInvoice({ lines: [turmeric, pepper], deliveryPaise: 0, supply: 'intra-state' })
    expect(lines).toHaveLength(2)
    // 35000 × 100 / 105 = 33333.33 → 33333; tax 1667 → 833 + 834.
    expect(lines[1]).toMatchObject({ taxablePaise: 33333, cgstPaise: 833, sgstPaise: 834 })
    expect(rateSummary).toEqual([
      { hsnCode: '0910', ratePercent: 5, taxablePaise: 56285, cgstPaise: 1407, sgstPaise: 1408, igstPaise: 0, taxPaise: 2815 },
    ])
    expect(totals.totalPaise).toBe(59100)
  })

  it('taxes delivery at 0% when every good is exempt', () => {
    const rice = { description: 'Red rice', hsnCode: '1006', ratePercent: 0, quantity: 1, unitPricePaise: 20000 }
    const { lines } = taxInvoice({ lines: [rice], deliveryPaise: 4000, supply: 'intra-state' })
    expect(lines[1]).toMatchObject({ ratePercent: 0, taxablePaise: 4000, cgstPaise: 0, sgstPaise: 0 })
  })

  it('always adds up: each line to its total, the invoice to what was paid, CGST and SGST within a paisa', () => {
    const line = fc.record({
      description: fc.constant('x'),
      hsnCode: fc.constantFrom('0910', '3301', '2106'),
      ratePercent: fc.constantFrom(...GST_RATES),
      quantity: fc.integer({ min: 1, max: 99 }),
      unitPricePaise: fc.integer({ min: 1, max: 10_000_000 }),
    })
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(0, 4000),
        fc.constantFrom('intra-state' as const, 'inter-state' as const),
        (goods, delivery, supply) => {
          const { lines, totals } = taxInvoice({ lines: goods, deliveryPaise: delivery, supply })
          const paid = goods.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0) + delivery
          expect(totals.totalPaise).toBe(paid)
          expect(totals.taxablePaise + totals.taxPaise).toBe(paid)
          for (const l of lines) {
            expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.totalPaise)
            // The taxable value is the nearest paisa to the exact one.
            expect(Math.abs(l.taxablePaise * (100 + l.ratePercent) - l.totalPaise * 100)).toBeLessThanOrEqual((100 + l.ratePercent) / 2)
            if (supply === 'intra-state') expect(l.sgstPaise - l.cgstPaise).toBeOneOf([0, 1])
            else expect(l.cgstPaise + l.sgstPaise).toBe(0)
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('amounts in words', () => {
  it('counts the Indian way, in lakh and crore', () => {
    expect(numberInWords(0)).toBe('Zero')
    expect(numberInWords(15)).toBe('Fifteen')
    expect(numberInWords(381)).toBe('Three Hundred Eighty-One')
    expect(numberInWords(100_000)).toBe('One Lakh')
    expect(numberInWords(2_050_090)).toBe('Twenty Lakh Fifty Thousand Ninety')
    expect(numberInWords(123_456_789)).toBe('Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine')
  })

  it('spells rupees and paise', () => {
    expect(amountInWords(38100)).toBe('Rupees Three Hundred Eighty-One Only')
    expect(amountInWords(24105)).toBe('Rupees Two Hundred Forty-One and Five Paise Only')
    expect(amountInWords(50)).toBe('Rupees Zero and Fifty Paise Only')
  })
})
