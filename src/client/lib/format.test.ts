import { describe, expect, it } from 'vitest'
import { formatDate, formatDateRange, formatDateTime } from './format.ts'

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
