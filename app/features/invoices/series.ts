/**
 * Invoice numbers: one gap-free series per Indian financial year (1 April to 31 March, in India's time), printed
 * like KO/2026-27/0001 — at most 16 characters, as GST asks.
 */

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

export function invoiceNumberLabel(series: string, number: number) {
  return `${INVOICE_PREFIX}/${series}/${String(number).padStart(4, '0')}`
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
