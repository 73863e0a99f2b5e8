import { currentLanguage, intlTag, type Language } from '~/i18n/language'
// The shop is in India: every date it shows (admin pages, reviews, My orders, tax invoices) reads in India's time,
// on the server and in the browser alike, whatever the machine's own time zone.
const INDIA = 'Asia/Kolkata'

/** Made once per language, when first asked for. */
const formats = new Map<Language, { dateTime: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>()
function formatsIn(language: Language) {
  let made = formats.get(language)
  if (!made) {
    const tag = intlTag(language)
    made = {
      dateTime: new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: INDIA }),
      date: new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: INDIA }),
    }
    formats.set(language, made)
  }
  return made
}

/**
 * "24 Nov 2026, 11:30 pm" in India's time, in the language of the page or mail (decision 074), or the one given (a
 * tax invoice's dates read the same whoever downloads it).
 */
export function formatIndiaDateTime(value: Date | string, language: Language = currentLanguage()) {
  return formatsIn(language).dateTime.format(new Date(value))
}

/** "24 Nov 2026": the day in India, which may not be the UTC day. */
export function formatIndiaDate(value: Date | string, language: Language = currentLanguage()) {
  return formatsIn(language).date.format(new Date(value))
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
