import { describe, expect, it } from 'vitest'
import { cleanCode, formatPhone, toE164 } from './phone.ts'

describe('phone numbers in E.164', () => {
  it.each([
    ['07911 123456', 'GB', '+447911123456'],
    ['+44 7911 123456', 'GB', '+447911123456'],
    ['(07911) 123-456', 'GB', '+447911123456'],
    ['07700 900123', 'GB', null], // Ofcom's drama range: not a number anyone has
    ['+1 415 555 2671', 'GB', '+14155552671'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['06 12 34 56 78', 'GB', null],
    ['', 'GB', null],
    ['hello', 'GB', null],
    ['0770090012', 'GB', null],
  ])('%s in %s → %s', (input, country, expected) => {
    expect(toE164(input, country)).toBe(expected)
  })

  it('formats a stored number for reading', () => {
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456')
  })

  it('forgives spaces in a code', () => {
    expect(cleanCode(' 123 456 ')).toBe('123456')
  })
})
