/**
 * Invoice numbers: gap-free series, one per prefix and Indian financial year (1 April to 31 March, in India's time),
 * printed like KO/2026-27/0001 — at most 16 characters, unique in the financial year, as GST asks (CGST Rules, rule
 * 46(b), which allows one or several series). The owner chooses the prefix (decision 070); a prefix new in a year
 * starts its own series at 0001, and an invoice issued keeps its number.
 */

/** The invoices' prefix until the owner chooses another. */
export const INVOICE_PREFIX = 'KO'

/** India has one time zone and no daylight saving: UTC+5:30 all year. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000

/** The financial year `at` falls in, in India's time: "2026-27" from 1 April 2026 00:00 IST to 31 March 2027 23:59:59 IST. */
export function financialYearOf(at: Date) {
  const india = new Date(at.getTime() + IST_OFFSET_MS)
  const year = india.getUTCFullYear()
  // getUTCMonth is 0-based: 3 is April.
  const start = india.getUTCMonth() >= 3 ? year : year - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

/**
 * The key of an invoice series (invoice_counters, invoices.series): the year alone for KO, as it was before the
 * prefix could change, so the invoices issued then stay in their series; `MP/2026-27` for another prefix. A year holds
 * no slash, so no two prefixes share a key, nor an invoice prefix the credit notes' `CN/…` (refused as a prefix).
 */
export function invoiceSeries(prefix: string, financialYear: string) {
  return prefix === INVOICE_PREFIX ? financialYear : `${prefix}/${financialYear}`
}

/** An invoice's number as printed: KO/2026-27/0001, MP/2026-27/0001. */
export function invoiceNumberLabel(series: string, number: number) {
  const printed = series.includes('/') ? series : `${INVOICE_PREFIX}/${series}`
  return `${printed}/${String(number).padStart(4, '0')}`
}

/** The PDF's file name: the number with its slashes as dashes, e.g. invoice-KO-2026-27-0001.pdf. */
export function invoiceFileName(series: string, number: number) {
  return `invoice-${invoiceNumberLabel(series, number).replaceAll('/', '-')}.pdf`
}

/** Credit notes: a series of their own per financial year, printed like CN/2026-27/0001 (at most 16 characters too). */
export const CREDIT_NOTE_PREFIX = 'CN'

/** The key of the credit notes' counter of a financial year (invoice_counters holds both kinds). */
export function creditNoteSeries(financialYear: string) {
  return `${CREDIT_NOTE_PREFIX}/${financialYear}`
}

export function creditNoteNumberLabel(series: string, number: number) {
  return `${series}/${String(number).padStart(4, '0')}`
}

export function creditNoteFileName(series: string, number: number) {
  return `credit-note-${creditNoteNumberLabel(series, number).replaceAll('/', '-')}.pdf`
}
