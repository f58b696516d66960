import { describe, expect, it } from 'vitest'
import { formatCountdown, holdAnnouncement } from './hold-countdown.ts'

describe('the hold countdown', () => {
  it.each([
    [600, '10:00'],
    [581, '9:41'],
    [59.2, '1:00'],
    [5, '0:05'],
    [-3, '0:00'],
  ])('shows %s seconds as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text)
  })

  it('speaks only at a few thresholds', () => {
    const said = new Set<string>()
    for (let s = 600; s >= 0; s--) said.add(holdAnnouncement(s))
    expect([...said]).toEqual([
      '',
      '5 minutes left to finish your order.',
      '2 minutes left to finish your order.',
      '1 minute left to finish your order.',
      '30 seconds left to finish your order.',
    ])
    expect(holdAnnouncement(301)).toBe('')
    expect(holdAnnouncement(45)).toBe('1 minute left to finish your order.')
  })
})
