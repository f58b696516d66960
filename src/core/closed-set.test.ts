import { describe, expect, it } from 'vitest'
import { isOneOf } from './closed-set.ts'

describe('isOneOf', () => {
  const MODES = ['SEATS', 'TABLES'] as const

  it.each([
    ['SEATS', true],
    ['TABLES', true],
    ['seats', false],
    ['', false],
    [undefined, false],
    [3, false],
  ])('%j is one of SEATS, TABLES: %s', (value, expected) => {
    expect(isOneOf(MODES, value)).toBe(expected)
  })
})
