import { type Language, currentLanguage, intlTag } from '../../i18n/language'

const formats = new Map<Language, Intl.DateTimeFormat>()

/**
 * "Thu, 4 Dec" for the day "2026-12-04" of India's calendar, as a delivery date reads, in the language of the moment
 * ("டிச. 4, வியா." in Tamil); its own module so that a page or a mail that shows a date loads nothing else. English
 * keeps three-letter months: newer ICU data writes September "Sept" in en-IN.
 */
export function shortDayLabel(yyyyMmDd: string, language: Language = currentLanguage()) {
  const day = new Date(`${yyyyMmDd}T00:00:00Z`)
  let format = formats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(intlTag(language), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    formats.set(language, format)
  }
  if (language !== 'en') return format.format(day)
  return format
    .formatToParts(day)
    .map((part) => (part.type === 'month' || part.type === 'weekday' ? part.value.slice(0, 3) : part.value))
    .join('')
}
