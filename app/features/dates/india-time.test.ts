import { describe, expect, it } from 'vitest'
import { inLanguage } from '~/i18n/language.server'
import { formatIndiaDate, formatIndiaDateTime } from './india-time'

describe('dates as India reads them', () => {
  const lateEvening = new Date('2026-11-24T18:00:00Z')

  it('are India’s day, in the language of the page or mail', () => {
    expect(formatIndiaDate(lateEvening)).toBe('24 Nov 2026')
    expect(formatIndiaDateTime(lateEvening)).toBe('24 Nov 2026, 11:30 pm')
    expect(inLanguage('ta', () => formatIndiaDate(lateEvening))).toBe(
      new Intl.DateTimeFormat('ta-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(lateEvening),
    )
    expect(inLanguage('ta', () => formatIndiaDate(lateEvening))).toMatch(/நவ/)
  })

  it('or in the language asked for, whoever reads them (a tax invoice’s)', () => {
    expect(inLanguage('ta', () => formatIndiaDate(lateEvening, 'en'))).toBe('24 Nov 2026')
  })
})
