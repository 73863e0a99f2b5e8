import { DELIVERY_SAC } from './gst'

/**
 * The GST inside the shop's prices, worked out per invoice line in whole paise. Prices include GST, so the line's
 * total is what the customer paid and the tax is carved out of it; the invoice's total is therefore the order's
 * total to the paisa. The rules (docs/decisions/021-tracking-and-invoices.md):
 * - within the shop's state the tax is CGST + SGST in equal halves (docs/decisions/068-cgst-and-sgst-in-equal-halves.md):
 *   each half = total × rate / (2 × (100 + rate)), rounded to the nearest paisa (half up), CGST = SGST = that half,
 *   and the taxable value is what is left (total − 2 × half), within a paisa of the exact one;
 * - to another state it is all IGST: taxable value = total × 100 / (100 + rate), rounded to the nearest paisa
 *   (half up); IGST = total − taxable;
 * - documents issued before decision 068 keep their own split (`TaxSplit`), and a credit note takes its invoice's;
 * - the delivery charge is one more line, taxed at the highest rate of the order's goods (a composite supply), and so
 *   is a cash-on-delivery fee;
 * - a discount recorded on the invoice lowers the line's value before the tax is carved out (CGST Act, 2017, section
 *   15(3)(a)); how an order's discounts are spread over its lines: docs/decisions/042-discounts-over-lines.md.
 */

export type Supply = 'intra-state' | 'inter-state'

/**
 * How a line's GST within the state is worked out. `equal-halves`: the invoices and credit notes issued since decision
 * 068. `odd-paisa-to-sgst`: those issued before, stored without a split (decision 021): the taxable value rounded,
 * CGST the half of the rest rounded down, SGST the rest. IGST is worked out alike under both.
 */
export type TaxSplit = 'equal-halves' | 'odd-paisa-to-sgst'

export type InvoiceLineInput = {
  description: string
  hsnCode: string
  ratePercent: number
  quantity: number
  unitPricePaise: number
  /** This line's part of the order's discounts, GST included; at most the line's price × quantity. */
  discountPaise?: number
}

export type TaxedLine = InvoiceLineInput & {
  /** What the customer paid for the line, GST included: price × quantity less its discount. */
  totalPaise: number
  taxablePaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
}

export type TaxTotals = {
  taxablePaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
  taxPaise: number
  totalPaise: number
}

/** Tax per tariff code and rate, as the invoice's summary lists it. */
export type RateSummary = Omit<TaxTotals, 'totalPaise'> & { hsnCode: string; ratePercent: number }

/** a / b rounded half up, for non-negative integers; exact where floating division might not be. */
function divideRounded(a: number, b: number) {
  const doubled = 2 * a + b
  const denominator = 2 * b
  return (doubled - (doubled % denominator)) / denominator
}

function assertPaise(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole, non-negative number of paise, not ${value}`)
}

/** The taxable value and the GST inside a price that includes GST at `ratePercent`. */
export function splitInclusivePrice(totalPaise: number, ratePercent: number) {
  assertPaise(totalPaise, 'A line total')
  assertPaise(ratePercent, 'A GST rate')
  const taxablePaise = divideRounded(totalPaise * 100, 100 + ratePercent)
  return { taxablePaise, taxPaise: totalPaise - taxablePaise }
}

/** The tax of one line as CGST + SGST (the odd paisa to SGST) or as IGST: the split before decision 068. */
export function splitTax(taxPaise: number, supply: Supply) {
  if (supply === 'inter-state') return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise }
  const cgstPaise = Math.floor(taxPaise / 2)
  return { cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0 }
}

/** Within the state: one half of the GST inside `totalPaise`, to the nearest paisa, as CGST and again as SGST. */
export function splitInEqualHalves(totalPaise: number, ratePercent: number) {
  assertPaise(totalPaise, 'A line total')
  assertPaise(ratePercent, 'A GST rate')
  const halfPaise = divideRounded(totalPaise * ratePercent, 2 * (100 + ratePercent))
  return { taxablePaise: totalPaise - 2 * halfPaise, cgstPaise: halfPaise, sgstPaise: halfPaise, igstPaise: 0 }
}

export function taxLine(line: InvoiceLineInput, supply: Supply, split: TaxSplit = 'equal-halves'): TaxedLine {
  assertPaise(line.unitPricePaise, 'A unit price')
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
    throw new RangeError(`A quantity must be a whole number from 1, not ${line.quantity}`)
  const discountPaise = line.discountPaise ?? 0
  assertPaise(discountPaise, 'A line discount')
  const grossPaise = line.unitPricePaise * line.quantity
  if (discountPaise > grossPaise)
    throw new RangeError(`A line's discount (${discountPaise} paise) is more than its value (${grossPaise} paise)`)
  const totalPaise = grossPaise - discountPaise
  if (supply === 'intra-state' && split === 'equal-halves')
    return { ...line, totalPaise, ...splitInEqualHalves(totalPaise, line.ratePercent) }
  const { taxablePaise, taxPaise } = splitInclusivePrice(totalPaise, line.ratePercent)
  return { ...line, totalPaise, taxablePaise, ...splitTax(taxPaise, supply) }
}

const zeroTotals = (): TaxTotals => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0, totalPaise: 0 })

function add(into: Omit<TaxTotals, 'totalPaise'> & { totalPaise?: number }, line: TaxedLine) {
  into.taxablePaise += line.taxablePaise
  into.cgstPaise += line.cgstPaise
  into.sgstPaise += line.sgstPaise
  into.igstPaise += line.igstPaise
  into.taxPaise += line.cgstPaise + line.sgstPaise + line.igstPaise
  if (into.totalPaise !== undefined) into.totalPaise += line.totalPaise
}

/**
 * Every line of an invoice with its tax, the delivery charge's line (when there is one), the totals and the
 * summary per tariff code and rate.
 */
export function taxInvoice(input: {
  lines: InvoiceLineInput[]
  deliveryPaise: number
  codFeePaise?: number
  supply: Supply
  split?: TaxSplit
}) {
  assertPaise(input.deliveryPaise, 'The delivery charge')
  const codFeePaise = input.codFeePaise ?? 0
  assertPaise(codFeePaise, 'The cash-on-delivery fee')
  const goods = input.lines.map((line) => taxLine(line, input.supply, input.split))
  const highestRate = Math.max(0, ...input.lines.map((l) => l.ratePercent))
  const charge = (description: string, paise: number) =>
    taxLine({ description, hsnCode: DELIVERY_SAC, ratePercent: highestRate, quantity: 1, unitPricePaise: paise }, input.supply, input.split)
  const lines = [
    ...goods,
    ...(input.deliveryPaise > 0 ? [charge('Delivery charge', input.deliveryPaise)] : []),
    ...(codFeePaise > 0 ? [charge(COD_FEE_DESCRIPTION, codFeePaise)] : []),
  ]
  return { lines, ...summariseLines(lines) }
}

export const COD_FEE_DESCRIPTION = 'Cash on delivery fee'

/** The totals of taxed lines and their summary per tariff code and rate (an invoice's, or a credit note's). */
export function summariseLines(lines: TaxedLine[]) {
  const totals = zeroTotals()
  const summary = new Map<string, RateSummary>()
  for (const line of lines) {
    add(totals, line)
    const key = `${line.hsnCode}@${line.ratePercent}`
    let row = summary.get(key)
    if (!row) {
      row = { hsnCode: line.hsnCode, ratePercent: line.ratePercent, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 }
      summary.set(key, row)
    }
    add(row, line)
  }
  return { totals, rateSummary: [...summary.values()] }
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
]
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety']

function belowHundred(n: number) {
  if (n < 20) return ONES[n]!
  return [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].filter(Boolean).join('-')
}

/** A whole number in words the Indian way: crore, lakh, thousand, hundred. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`)
  if (n === 0) return 'Zero'
  const parts: string[] = []
  const crore = Math.floor(n / 10_000_000)
  if (crore) parts.push(`${numberInWords(crore)} Crore`)
  let rest = n % 10_000_000
  for (const [size, name] of [
    [100_000, 'Lakh'],
    [1_000, 'Thousand'],
    [100, 'Hundred'],
  ] as const) {
    const count = Math.floor(rest / size)
    if (count) parts.push(`${belowHundred(count)} ${name}`)
    rest %= size
  }
  if (rest) parts.push(belowHundred(rest))
  return parts.join(' ')
}

/** "Rupees Four Hundred Twenty and Fifty Paise Only", as Indian invoices spell out the total. */
export function amountInWords(paise: number) {
  assertPaise(paise, 'An amount')
  const rupees = Math.floor(paise / 100)
  const rest = paise % 100
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${numberInWords(rest)} Paise` : ''} Only`
}
