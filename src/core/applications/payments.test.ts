import { describe, expect, it } from 'vitest'
import { isFullyPaid, owedLines, parsePounds, totalOutstanding } from './payments.ts'

const lines = [
  { key: 'membership', label: 'Membership', amountPence: 1500 },
  { key: 'social', label: 'Social', amountPence: 2000 },
]

describe('owedLines', () => {
  it('sums payments per line and never goes below zero', () => {
    const owed = owedLines(lines, [
      { lineKey: 'membership', amountPence: 1000 },
      { lineKey: 'membership', amountPence: 1000 },
      { lineKey: 'social', amountPence: 500 },
      { lineKey: 'other', amountPence: 9999 },
    ])
    expect(owed.map((l) => [l.key, l.paidPence, l.outstandingPence, l.paid])).toEqual([
      ['membership', 2000, 0, true],
      ['social', 500, 1500, false],
    ])
    expect(totalOutstanding(owed)).toBe(1500)
    expect(isFullyPaid(owed)).toBe(false)
  })

  it('counts a refund (a negative payment) against the line', () => {
    const owed = owedLines(lines, [
      { lineKey: 'membership', amountPence: 1500 },
      { lineKey: 'social', amountPence: 2000 },
      { lineKey: 'social', amountPence: -2000 },
    ])
    expect(isFullyPaid(owed)).toBe(false)
  })

  it('is fully paid when every line is, and never with no lines', () => {
    expect(
      isFullyPaid(
        owedLines(lines, [
          { lineKey: 'membership', amountPence: 1500 },
          { lineKey: 'social', amountPence: 2000 },
        ]),
      ),
    ).toBe(true)
    expect(isFullyPaid(owedLines([], []))).toBe(false)
  })
})

describe('parsePounds', () => {
  it.each([
    ['25', 2500],
    ['£25.5', 2550],
    ['19.99', 1999],
    ['1,250', 125000],
    ['-5', -500],
    ['0', 0],
    ['12.345', null],
    ['ten', null],
    ['', null],
  ] as const)('%s → %s', (input, pence) => expect(parsePounds(input)).toBe(pence))
})
