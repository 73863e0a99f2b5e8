/** Money is integer paise everywhere; these helpers are the only places that turn it into rupees. */
const rupeeFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })
const wholeRupeeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
})

export function formatRupees(paise: number) {
  return paise % 100 === 0 ? wholeRupeeFormat.format(paise / 100) : rupeeFormat.format(paise / 100)
}

/** Always with paise ("₹420.00"), for columns of amounts that must line up, as on invoices. */
export function formatRupeesAndPaise(paise: number) {
  return rupeeFormat.format(paise / 100)
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
