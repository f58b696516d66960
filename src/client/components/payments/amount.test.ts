import { describe, expect, it } from 'vitest'
import { parsePaymentAmount, penceToPounds } from './amount.ts'

describe('pounds and pence', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['£25.50', 2550],
    ['19.99', 1999],
    ['0.01', 1],
    ['-5', -500],
    ['1,250.00', 125000],
    [' 7 ', 700],
  ])('parses %s as %i pence', (input, pence) => expect(parsePaymentAmount(input)).toBe(pence))

  it.each(['', '0', '0.00', 'abc', '25.505', '1.2.3', '£', '--5', '1e3'])('refuses %j', (input) =>
    expect(parsePaymentAmount(input)).toBeNull(),
  )

  it('formats pence for an amount field and round-trips', () => {
    expect(penceToPounds(2550)).toBe('25.50')
    expect(penceToPounds(5)).toBe('0.05')
    expect(penceToPounds(-500)).toBe('-5.00')
    for (const pence of [1, 99, 100, 1999, 123456])
      expect(parsePaymentAmount(penceToPounds(pence))).toBe(pence)
  })
})
