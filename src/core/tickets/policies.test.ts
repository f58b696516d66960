import { describe, expect, it } from 'vitest'
import { ticketViewerCan } from './policies.ts'

const start = new Date('2026-06-10T19:00:00Z')
const hour = 3_600_000

describe('ticketViewerCan', () => {
  it.each([
    ['VALID', 48, true],
    ['VALID', 25, true],
    ['VALID', 24, false],
    ['VALID', -1, false],
    ['CHECKED_IN', 48, false],
    ['VOID', 48, false],
  ] as const)('a %s ticket %i hours before the start: may act %s', (status, hoursBefore, may) => {
    const now = new Date(start.getTime() - hoursBefore * hour)
    expect(ticketViewerCan({ status }, start, now)).toEqual({ cancel: may, transfer: may })
  })
})
