const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * "Thu, 4 Dec" for the day "2026-12-04" of India's calendar, as a delivery date reads; its own module so that a page
 * or a mail that shows a date loads nothing else.
 */
export function shortDayLabel(yyyyMmDd: string) {
  const day = new Date(`${yyyyMmDd}T00:00:00Z`)
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`
}
