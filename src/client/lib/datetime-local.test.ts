import { describe, expect, it } from 'vitest'
import { fromDateTimeLocal, toDateTimeLocal } from './datetime-local.ts'

const LONDON = 'Europe/London'

describe('datetime-local values in the society time zone', () => {
  it('reads winter and summer times on London clocks, whatever the browser zone', () => {
    expect(fromDateTimeLocal('2026-01-14T19:05', LONDON)).toBe('2026-01-14T19:05:00.000Z')
    expect(fromDateTimeLocal('2026-07-14T19:05', LONDON)).toBe('2026-07-14T18:05:00.000Z')
    expect(toDateTimeLocal('2026-01-14T19:05:00.000Z', LONDON)).toBe('2026-01-14T19:05')
    expect(toDateTimeLocal('2026-07-14T18:05:00.000Z', LONDON)).toBe('2026-07-14T19:05')
  })

  it('uses the zone it is given', () => {
    expect(fromDateTimeLocal('2026-07-14T19:05', 'America/New_York')).toBe('2026-07-14T23:05:00.000Z')
    expect(toDateTimeLocal('2026-07-14T23:05:00.000Z', 'America/New_York')).toBe('2026-07-14T19:05')
    expect(toDateTimeLocal('2026-07-14T23:05:00.000Z', 'UTC')).toBe('2026-07-14T23:05')
  })

  it('crosses the spring-forward boundary (2026-03-29 in London)', () => {
    expect(fromDateTimeLocal('2026-03-29T00:30', LONDON)).toBe('2026-03-29T00:30:00.000Z')
    expect(fromDateTimeLocal('2026-03-29T03:00', LONDON)).toBe('2026-03-29T02:00:00.000Z')
    expect(toDateTimeLocal('2026-03-29T00:59:00.000Z', LONDON)).toBe('2026-03-29T00:59')
    expect(toDateTimeLocal('2026-03-29T01:00:00.000Z', LONDON)).toBe('2026-03-29T02:00')
    // 01:30 does not exist that night: it is read an hour on.
    expect(fromDateTimeLocal('2026-03-29T01:30', LONDON)).toBe('2026-03-29T01:30:00.000Z')
  })

  it('crosses the fall-back boundary (2026-10-25 in London)', () => {
    expect(fromDateTimeLocal('2026-10-25T00:30', LONDON)).toBe('2026-10-24T23:30:00.000Z')
    expect(fromDateTimeLocal('2026-10-25T02:30', LONDON)).toBe('2026-10-25T02:30:00.000Z')
    // 01:30 happens twice: both instants show as 01:30, and the input means the second.
    expect(toDateTimeLocal('2026-10-25T00:30:00.000Z', LONDON)).toBe('2026-10-25T01:30')
    expect(toDateTimeLocal('2026-10-25T01:30:00.000Z', LONDON)).toBe('2026-10-25T01:30')
    expect(fromDateTimeLocal('2026-10-25T01:30', LONDON)).toBe('2026-10-25T01:30:00.000Z')
  })

  it('round-trips every hour across both boundaries', () => {
    for (const start of ['2026-03-28T12:00:00Z', '2026-10-24T12:00:00Z']) {
      for (let h = 0; h < 24; h++) {
        const at = new Date(new Date(start).getTime() + h * 3_600_000).toISOString()
        const local = toDateTimeLocal(at, LONDON)
        const back = fromDateTimeLocal(local, LONDON)!
        // Only the repeated autumn hour is ambiguous; it reads back as the later instant.
        expect(toDateTimeLocal(back, LONDON)).toBe(local)
      }
    }
  })

  it('treats empty and unreadable values as nothing', () => {
    expect(toDateTimeLocal(null, LONDON)).toBe('')
    expect(toDateTimeLocal('nonsense', LONDON)).toBe('')
    expect(fromDateTimeLocal('', LONDON)).toBeNull()
    expect(fromDateTimeLocal('nonsense', LONDON)).toBeNull()
    expect(fromDateTimeLocal('2026-02-30T10:00', LONDON)).toBeNull()
  })
})
