import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GST_RATES } from './gst'
import { amountInWords, numberInWords, splitInclusivePrice, splitTax, taxInvoice, taxLine } from './tax'

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

  it('splits, as invoices did before decision 068, within the state into CGST + SGST, the odd paisa to SGST, and across states into IGST', () => {
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
    // Halves: 24100 × 5 / 210 = 573.81 → 574; 10000 × 18 / 236 = 762.71 → 763; 4000 × 18 / 236 = 305.08 → 305.
    expect(lines.map((l) => [l.hsnCode, l.ratePercent, l.totalPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      ['0910', 5, 24100, 22952, 574, 574, 0],
      ['3301', 18, 10000, 8474, 763, 763, 0],
      ['996812', 18, 4000, 3390, 305, 305, 0],
    ])
    expect(lines[2]!.description).toBe('Delivery charge')
    // 22952 + 8474 + 3390 = 34816; 1148 + 1526 + 610 = 3284; 34816 + 3284 = 38100 = 24100 + 10000 + 4000.
    expect(totals).toEqual({ taxablePaise: 34816, cgstPaise: 1642, sgstPaise: 1642, igstPaise: 0, taxPaise: 3284, totalPaise: 38100 })
    expect(rateSummary).toEqual([
      { hsnCode: '0910', ratePercent: 5, taxablePaise: 22952, cgstPaise: 574, sgstPaise: 574, igstPaise: 0, taxPaise: 1148 },
      { hsnCode: '3301', ratePercent: 18, taxablePaise: 8474, cgstPaise: 763, sgstPaise: 763, igstPaise: 0, taxPaise: 1526 },
      { hsnCode: '996812', ratePercent: 18, taxablePaise: 3390, cgstPaise: 305, sgstPaise: 305, igstPaise: 0, taxPaise: 610 },
    ])
  })

  it('to another state: each taxable value the nearest paisa, all the tax as IGST', () => {
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
    // 35000 × 5 / 210 = 833.33 → 833 each; taxable 35000 − 1666 = 33334.
    expect(lines[1]).toMatchObject({ taxablePaise: 33334, cgstPaise: 833, sgstPaise: 833 })
    expect(rateSummary).toEqual([
      { hsnCode: '0910', ratePercent: 5, taxablePaise: 56286, cgstPaise: 1407, sgstPaise: 1407, igstPaise: 0, taxPaise: 2814 },
    ])
    expect(totals.totalPaise).toBe(59100)
  })

  it('taxes delivery at 0% when every good is exempt', () => {
    const rice = { description: 'Red rice', hsnCode: '1006', ratePercent: 0, quantity: 1, unitPricePaise: 20000 }
    const { lines } = taxInvoice({ lines: [rice], deliveryPaise: 4000, supply: 'intra-state' })
    expect(lines[1]).toMatchObject({ ratePercent: 0, taxablePaise: 4000, cgstPaise: 0, sgstPaise: 0 })
  })

  it('always adds up: each line to its total, the invoice to what was paid, CGST and SGST equal', () => {
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
            // The taxable value is the nearest paisa to the exact one across states, within a paisa of it within
            // (where it takes the paisa that keeps the halves equal).
            const off = Math.abs(l.taxablePaise * (100 + l.ratePercent) - l.totalPaise * 100)
            if (supply === 'intra-state') {
              expect(off).toBeLessThanOrEqual(100 + l.ratePercent)
              expect(l.sgstPaise).toBe(l.cgstPaise)
            } else {
              expect(off).toBeLessThanOrEqual((100 + l.ratePercent) / 2)
              expect(l.cgstPaise + l.sgstPaise).toBe(0)
            }
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('CGST and SGST in equal halves (issue 39, decision 068)', () => {
  // The order, in the shop's state: ₹240 and ₹520 of 5% goods, less the 10% coupon and then 5% for paying
  // online (₹34.80 and ₹75.40), so the lines are ₹205.20 and ₹444.60. Halving each line's tax gave ₹4.88 / ₹4.89
  // on the first and totals of ₹15.46 / ₹15.48 while the invoice said "each half".
  const goods = [
    { description: 'Kokum', hsnCode: '0813', ratePercent: 5, quantity: 1, unitPricePaise: 24_000, discountPaise: 3_480 },
    { description: 'Coffee', hsnCode: '0901', ratePercent: 5, quantity: 1, unitPricePaise: 52_000, discountPaise: 7_540 },
  ]

  it('gives each line one half, rounded, twice; the taxable value takes the rest', () => {
    const { lines, totals } = taxInvoice({ lines: goods, deliveryPaise: 0, supply: 'intra-state' })
    // 20520 × 5 / 210 = 488.57 → 489 each, tax 978, taxable 20520 − 978 = 19542;
    // 44460 × 5 / 210 = 1058.57 → 1059 each, tax 2118, taxable 44460 − 2118 = 42342.
    expect(lines.map((l) => [l.totalPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [20_520, 19_542, 489, 489, 0],
      [44_460, 42_342, 1_059, 1_059, 0],
    ])
    expect(totals).toEqual({ taxablePaise: 61_884, cgstPaise: 1_548, sgstPaise: 1_548, igstPaise: 0, taxPaise: 3_096, totalPaise: 64_980 })
  })

  it('leaves IGST as one figure, the taxable value the nearest paisa', () => {
    const { lines, totals } = taxInvoice({ lines: goods, deliveryPaise: 0, supply: 'inter-state' })
    // 20520 × 100 / 105 = 19542.86 → 19543; 44460 × 100 / 105 = 42342.86 → 42343.
    expect(lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [19_543, 0, 0, 977],
      [42_343, 0, 0, 2_117],
    ])
    expect(totals.igstPaise).toBe(3_094)
  })

  it('keeps the split of an invoice issued before: the odd paisa to SGST', () => {
    const { lines, totals } = taxInvoice({ lines: goods, deliveryPaise: 0, supply: 'intra-state', split: 'odd-paisa-to-sgst' })
    expect(lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([
      [19_543, 488, 489],
      [42_343, 1_058, 1_059],
    ])
    expect([totals.cgstPaise, totals.sgstPaise]).toEqual([1_546, 1_548])
  })

  it('for any amount and rate: equal halves on every line and in the totals, adding up to what was paid', () => {
    const line = fc.record({
      description: fc.constant('x'),
      hsnCode: fc.constant('0910'),
      ratePercent: fc.constantFrom(...GST_RATES),
      quantity: fc.integer({ min: 1, max: 99 }),
      unitPricePaise: fc.integer({ min: 1, max: 10_000_000 }),
    })
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(0, 4000),
        fc.constantFrom(0, 3000),
        (goods, delivery, fee) => {
          const { lines, totals } = taxInvoice({ lines: goods, deliveryPaise: delivery, codFeePaise: fee, supply: 'intra-state' })
          for (const l of lines) {
            expect(l.cgstPaise).toBe(l.sgstPaise)
            expect(l.igstPaise).toBe(0)
            expect(l.taxablePaise + l.cgstPaise + l.sgstPaise).toBe(l.totalPaise)
            // Each half is the nearest paisa to the exact half, so the taxable value is within a paisa of the exact one.
            expect(Math.abs(2 * l.cgstPaise * (100 + l.ratePercent) - l.totalPaise * l.ratePercent)).toBeLessThanOrEqual(
              100 + l.ratePercent,
            )
            expect(Math.abs(l.taxablePaise * (100 + l.ratePercent) - l.totalPaise * 100)).toBeLessThanOrEqual(100 + l.ratePercent)
          }
          expect(totals.cgstPaise).toBe(totals.sgstPaise)
          expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise).toBe(totals.totalPaise)
          expect(totals.totalPaise).toBe(goods.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0) + delivery + fee)
        },
      ),
      { numRuns: 500 },
    )
    // And every amount from 1 paisa to ₹100 at every rate, one line each.
    for (const ratePercent of GST_RATES) {
      for (let paise = 1; paise <= 10_000; paise++) {
        const l = taxLine({ description: 'x', hsnCode: '0910', ratePercent, quantity: 1, unitPricePaise: paise }, 'intra-state')
        if (l.cgstPaise !== l.sgstPaise || l.taxablePaise + 2 * l.cgstPaise !== paise || l.taxablePaise < 0)
          expect.fail(`${paise} paise at ${ratePercent}%: ${JSON.stringify(l)}`)
      }
    }
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
