import { describe, expect, it } from 'vitest'
import { copiedRevealAt } from './event.ts'

const now = new Date('2027-01-01T12:00:00Z')
const later = new Date('2027-02-01T12:00:00Z')
const earlier = new Date('2026-12-01T12:00:00Z')

describe('copiedRevealAt', () => {
  it.each([
    ['a secret name keeps its reveal time', { showName: 'Into the Woods', revealAt: later }, later],
    ['a revealed name needs none', { showName: 'Into the Woods', revealAt: earlier }, null],
    ['a name without a reveal time is not secret', { showName: 'Into the Woods', revealAt: null }, null],
    ['no name, no reveal time', { showName: null, revealAt: later }, null],
  ])('%s', (_label, source, expected) => {
    expect(copiedRevealAt(source, now)).toEqual(expected)
  })
})
