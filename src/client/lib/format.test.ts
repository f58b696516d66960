import { describe, expect, it } from 'vitest'
import { formatCalendarDate, formatCountdown, formatDate, formatDateRange, formatDateTime } from './format.ts'

// NOTE: local times, so the expectations hold in any time zone the tests run in.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute)

describe('formatDate', () => {
  it('reads as British English', () => {
    expect(formatDate(at(14, 19))).toBe('Sat 14 Mar 2026')
  })

  it('takes ISO strings as the API sends them', () => {
    expect(formatDate(at(14, 19).toISOString())).toBe('Sat 14 Mar 2026')
  })
})

describe('formatDateTime', () => {
  it('adds the 24-hour time', () => {
    expect(formatDateTime(at(14, 9, 5))).toBe('Sat 14 Mar 2026, 09:05')
  })
})

describe('formatDateRange', () => {
  it('gives one day with its hours', () => {
    expect(formatDateRange(at(14, 14), at(14, 19))).toBe('Sat 14 Mar 2026, 14:00–19:00')
  })

  it('gives both days when the event spans several', () => {
    expect(formatDateRange(at(14, 19), at(15, 1))).toBe('Sat 14 Mar 2026 – Sun 15 Mar 2026')
  })
})

describe('formatDateTime in a time zone', () => {
  it('shows the society time zone, not the browser one', () => {
    expect(formatDateTime('2026-07-01T12:00:00Z', 'Europe/London')).toBe('Wed 1 Jul 2026, 13:00')
    expect(formatDateTime('2026-07-01T12:00:00Z', 'UTC')).toBe('Wed 1 Jul 2026, 12:00')
  })
})

describe('formatCountdown', () => {
  it.each([
    [((6 * 24 + 4) * 60 + 3) * 60_000 + 5_000, '6 d 4 h 3 m'],
    [(4 * 60 + 3) * 60_000 + 20_000, '4 h 3 m 20 s'],
    [3 * 60_000 + 20_000, '3 m 20 s'],
    [20_000, '20 s'],
    [-5_000, '0 s'],
  ])('formats %i ms as %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text)
  })
})

describe('formatCalendarDate', () => {
  it('shows a stored day as words, the same day in every zone', () => {
    expect(formatCalendarDate('2026-11-21')).toBe('Sat 21 Nov 2026')
    expect(formatCalendarDate('2026-01-01')).toBe('Thu 1 Jan 2026')
  })
  it('leaves anything but a bare day alone', () => {
    expect(formatCalendarDate('soon')).toBe('soon')
  })
})
