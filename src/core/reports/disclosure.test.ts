import { describe, expect, it } from 'vitest'
import { canReport, cellLabel, protectLine, protectTable, type ProtectedCell } from './disclosure.ts'

const labels = (cells: ProtectedCell[]) => cells.map(cellLabel)

/**
 * Whether a suppressed cell of a line can be worked out from the line's total and the shown cells:
 * exactly when it is the only one suppressed.
 */
const derivable = (cells: ProtectedCell[]) => cells.filter((c) => c.kind !== 'count').length === 1

describe('disclosure control', () => {
  it.each([
    [0, false],
    [1, false],
    [4, false],
    [5, true],
    [60, true],
  ])('a report over %i respondents may be shown: %s', (n, shown) => {
    expect(canReport(n)).toBe(shown)
  })

  it('one respondent: no exact count anywhere, and nothing to subtract from', () => {
    // One person answered "Woman": the other options must not read as exact zeros.
    const cells = protectLine([1, 0, 0, 0])
    expect(labels(cells)).toEqual(['<5', '<5', '<5', '<5'])
    expect(derivable(cells)).toBe(false)
  })

  it('four respondents: every cell "<5"', () => {
    expect(labels(protectLine([3, 1, 0]))).toEqual(['<5', '<5', '<5'])
  })

  it('five respondents in one group: 100 % of the line, so the group is hidden as well', () => {
    expect(labels(protectLine([5, 0, 0]))).toEqual(['—', '<5', '<5'])
  })

  it.each([
    // A cell equal to the total tells every respondent's answer.
    [
      [9, 0, 0, 0],
      ['—', '<5', '<5', '<5'],
    ],
    [
      [0, 0, 40],
      ['<5', '<5', '—'],
    ],
    // A cell within 5 of the total: the rest are a small group read by subtraction.
    [
      [8, 1, 0, 0],
      ['—', '<5', '<5', '<5'],
    ],
    [
      [30, 2, 2],
      ['—', '<5', '<5'],
    ],
    // 5 or more on both sides of every shown cell: shown.
    [
      [10, 5, 0, 0],
      ['10', '5', '<5', '<5'],
    ],
    [
      [10, 4, 1],
      ['10', '<5', '<5'],
    ],
    [
      [5, 5, 0, 0],
      ['5', '5', '<5', '<5'],
    ],
  ])('%j: no shown cell within 5 of the total → %j', (counts, expected) => {
    const cells = protectLine(counts)
    expect(labels(cells)).toEqual(expected)
    const total = counts.reduce((a, b) => a + b, 0)
    for (const [i, c] of cells.entries())
      if (c.kind === 'count') expect(counts[i]).toBeLessThanOrEqual(total - 5)
    expect(derivable(cells)).toBe(false)
  })

  it('hides a dominant cell in the rows and columns of a cross-tabulation too', () => {
    // Column 0 is 40 of 42: the 2 others in it are read by subtraction.
    const cells = protectTable([
      [40, 10, 10],
      [2, 10, 10],
    ])
    expect(cells[0]![0]!.kind).not.toBe('count')
    expect(cells[1]![0]).toEqual({ kind: 'small' })
  })

  it('a line with one suppressed cell hides the smallest shown cell too', () => {
    // 12 + 7 + 2 = 21: with "2" alone hidden, 21 − 12 − 7 gives it away.
    const cells = protectLine([12, 7, 2])
    expect(labels(cells)).toEqual(['12', '—', '<5'])
    expect(derivable(cells)).toBe(false)
  })

  it('a single suppressed zero is protected the same way', () => {
    expect(labels(protectLine([6, 0]))).toEqual(['—', '<5'])
  })

  it('leaves lines with two or more small cells alone', () => {
    expect(labels(protectLine([9, 2, 3, 8]))).toEqual(['9', '<5', '<5', '8'])
  })

  it('shows every count when none is small', () => {
    expect(labels(protectLine([5, 6, 70]))).toEqual(['5', '6', '70'])
  })

  it('protects rows and columns of a cross-tabulation until no line has one hidden cell', () => {
    const table = [
      [20, 10, 2],
      [15, 9, 30],
    ]
    const cells = protectTable(table)
    for (const row of cells) expect(row.filter((c) => c.kind !== 'count')).not.toHaveLength(1)
    for (let c = 0; c < 3; c++) {
      expect(cells.map((row) => row[c]!).filter((x) => x.kind !== 'count')).not.toHaveLength(1)
    }
    expect(cells[0]![2]).toEqual({ kind: 'small' })
  })
})
