import { describe, expect, it } from 'vitest'
import { fromDateTimeLocal, toDateTimeLocal } from './datetime-local.ts'

describe('datetime-local values', () => {
  it('round-trips an instant through the input format', () => {
    const at = new Date(2026, 2, 14, 19, 5)
    expect(toDateTimeLocal(at)).toBe('2026-03-14T19:05')
    expect(fromDateTimeLocal('2026-03-14T19:05')).toBe(at.toISOString())
  })

  it('treats empty and unreadable values as nothing', () => {
    expect(toDateTimeLocal(null)).toBe('')
    expect(toDateTimeLocal('nonsense')).toBe('')
    expect(fromDateTimeLocal('')).toBeNull()
    expect(fromDateTimeLocal('nonsense')).toBeNull()
  })
})
