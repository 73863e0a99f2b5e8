/** Money is integer paise everywhere; these helpers are the only places that turn it into rupees. */

// Written out rather than `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })`: building that
// formatter loads the browser's locale data, 19–29 ms of one task on a page's first script here, the largest single
// piece of the home page's start-up (decision 053). The output is the same; money.test.ts checks it against Intl.
function withIndianGrouping(whole: number) {
  const digits = String(whole)
  if (digits.length <= 3) return digits
  // The last three digits, then pairs: 1,23,45,678 (lakh and crore).
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`
}

function rupees(paise: number, keepPaise: boolean) {
  const rounded = Math.round(paise)
  const sign = rounded < 0 ? '-' : ''
  const abs = Math.abs(rounded)
  const whole = `${sign}₹${withIndianGrouping(Math.floor(abs / 100))}`
  return keepPaise || abs % 100 !== 0 ? `${whole}.${String(abs % 100).padStart(2, '0')}` : whole
}

export function formatRupees(paise: number) {
  return rupees(paise, false)
}

/** Always with paise ("₹420.00"), for columns of amounts that must line up, as on invoices. */
export function formatRupeesAndPaise(paise: number) {
  return rupees(paise, true)
}

/** For the JSON API, which speaks rupees as the spec's `price` fields did. */
export function paiseToRupees(paise: number) {
  return paise / 100
}

export function rupeesToPaise(rupees: number) {
  return Math.round(rupees * 100)
}

/** Rupees as a plain decimal string with two places ("149.50"), for machine-read prices (schema.org offers); integer arithmetic, so no float rounding. */
export function rupeeAmount(paise: number) {
  const sign = paise < 0 ? '-' : ''
  const abs = Math.abs(Math.round(paise))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * An amount as a form's field shows it, to be typed over and sent back: rupees, with paise only when there are
 * some ("40", "60.50"). The product form has always shown paise as the number reads, without a trailing zero
 * ("60.5"): `{ trailingZero: false }`. Integer arithmetic, so no float rounding.
 */
export function typedRupees(paise: number, { trailingZero = true }: { trailingZero?: boolean } = {}) {
  const rounded = Math.round(paise)
  const sign = rounded < 0 ? '-' : ''
  const abs = Math.abs(rounded)
  const whole = `${sign}${Math.floor(abs / 100)}`
  if (abs % 100 === 0) return whole
  const cents = String(abs % 100).padStart(2, '0')
  return `${whole}.${trailingZero ? cents : cents.replace(/0$/, '')}`
}
