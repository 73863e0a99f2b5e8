// The shop is in India: every date it shows (admin pages, reviews, My orders, tax invoices) reads in India's time,
// on the server and in the browser alike, whatever the machine's own time zone.
const INDIA = 'Asia/Kolkata'
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: INDIA })
const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: INDIA })

/** "24 Nov 2026, 11:30 pm" in India's time. */
export function formatIndiaDateTime(value: Date | string) {
  return dateTimeFormat.format(new Date(value))
}

/** "24 Nov 2026": the day in India, which may not be the UTC day. */
export function formatIndiaDate(value: Date | string) {
  return dateFormat.format(new Date(value))
}
