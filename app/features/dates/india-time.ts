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

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000

/** Midnight in India (UTC+5:30 all year) at the start of a calendar day; `month` from 1. */
export function startOfIndiaDay(year: number, month: number, day: number) {
  return new Date(Date.UTC(year, month - 1, day) - IST_OFFSET_MS)
}

/** Midnight of `now`'s day in India, where the shop's day begins. */
export function startOfShopDay(now: Date) {
  const local = new Date(now.getTime() + IST_OFFSET_MS)
  return startOfIndiaDay(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate())
}

/** Whether "YYYY-MM-DD" (as a date field sends it, already shaped so) names a day of the calendar: not 2026-02-30. */
export function isCalendarDay(text: string) {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number]
  const day = new Date(Date.UTC(y, m - 1, d))
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d
}

/** The day in India at `at`, as a date field gives it: "2026-11-29". */
export function indiaDayOf(at: Date) {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10)
}
