import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv.ts'

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-1', "'-1"],
    [null, ''],
    [3, '3'],
  ])('%j is %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  it('writes a header and rows, one per line', () => {
    expect(
      toCsv(
        ['seat', 'name'],
        [
          ['Table 1', 'Ann'],
          [null, '@x'],
        ],
      ),
    ).toBe("seat,name\nTable 1,Ann\n,'@x\n")
  })
})
