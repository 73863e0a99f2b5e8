import { describe, expect, it } from 'vitest'
import { formatIndiaDate, formatIndiaDateTime, isCalendarDay } from './india-time'

describe("India's time", () => {
  it('gives the day in India, not the UTC day, for a time after 18:30 UTC', () => {
    expect(formatIndiaDate('2026-11-24T19:00:00Z')).toBe('25 Nov 2026')
    expect(formatIndiaDate(new Date('2026-11-24T18:00:00Z'))).toBe('24 Nov 2026')
  })

  it('shows the time in India, five and a half hours ahead of UTC', () => {
    expect(formatIndiaDateTime('2026-11-24T19:00:00Z')).toMatch(/^25 Nov 2026, 12:30\s?am$/i)
  })

  it('knows the days of the calendar, leap days included, and no day past a month or a year', () => {
    for (const day of ['2026-11-29', '2028-02-29', '2026-12-31']) expect(isCalendarDay(day), day).toBe(true)
    for (const day of ['2026-02-29', '2026-11-31', '2026-13-01', '2026-00-10', '2026-11-00']) expect(isCalendarDay(day), day).toBe(false)
  })
})
