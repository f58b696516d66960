import { describe, expect, it } from 'vitest'
import { formatPence, formatPrice } from './money.ts'

describe('money', () => {
  it.each([
    [0, '£0.00'],
    [5, '£0.05'],
    [2500, '£25.00'],
    [123450, '£1,234.50'],
    [100000000, '£1,000,000.00'],
    [-550, '-£5.50'],
  ])('formatPence(%i) is %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text)
  })

  it.each([
    [0, 'Free'],
    [1200, '£12.00'],
    [250050, '£2,500.50'],
  ])('formatPrice(%i) is %s', (pence, text) => {
    expect(formatPrice(pence)).toBe(text)
  })
})
