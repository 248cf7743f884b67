// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { formatPlayedOn, localToday, parsePlayedOn } from './played-on'

describe('the day played', () => {
  it('is today by default, in the golfer’s own time zone', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05')
  })

  it('accepts today and any real day back to 1900', () => {
    expect(parsePlayedOn('2026-11-23', '2026-11-23')).toEqual({ day: '2026-11-23' })
    expect(parsePlayedOn('1900-01-01', '2026-11-23')).toEqual({ day: '1900-01-01' })
    expect(parsePlayedOn('2024-02-29', '2026-11-23')).toEqual({ day: '2024-02-29' })
  })

  it('refuses tomorrow as in the future', () => {
    expect(parsePlayedOn('2026-11-24', '2026-11-23')).toEqual({ refused: 'future' })
  })

  it('refuses days that do not exist, before 1900, or not a date at all', () => {
    for (const text of ['2025-02-29', '2025-13-01', '1899-12-31', '', 'yesterday', '2025-1-1']) {
      expect(parsePlayedOn(text, '2026-11-23')).toEqual({ refused: 'invalid' })
    }
  })

  it('reads as a day, month and year', () => {
    expect(formatPlayedOn('2025-09-14')).toBe('14 Sept 2025')
    expect(formatPlayedOn('2024-02-04')).toBe('4 Feb 2024')
  })

  it('reads as Intl reads a day in British English, every month of the year', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
    for (let month = 1; month <= 12; month++) {
      const day = `2026-${String(month).padStart(2, '0')}-09`
      expect(formatPlayedOn(day)).toBe(intl.format(new Date(`${day}T00:00:00Z`)))
    }
  })
})
