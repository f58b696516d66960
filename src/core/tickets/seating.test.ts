import { describe, expect, it } from 'vitest'
import { normalizeSeatLabel, seatingRefusal, seatingSchema, seatRefusal, seatText } from './seating.ts'

describe('normalizeSeatLabel', () => {
  it.each([
    ['  A 12 ', 'SEATS', 'A 12'],
    ['Seat  A12', 'SEATS', 'A12'],
    ['Table 3', 'TABLES', '3'],
    ['table   Top', 'TABLES', 'Top'],
    ['Table 3', 'SEATS', 'Table 3'],
    ['   ', 'TABLES', null],
    [null, 'SEATS', null],
  ] as const)('%j in %s is %j', (raw, mode, label) => {
    expect(normalizeSeatLabel(raw, mode)).toEqual({ ok: true, label })
  })

  it('refuses more than 20 characters', () => {
    expect(normalizeSeatLabel('x'.repeat(21), 'SEATS')).toMatchObject({ ok: false })
    expect(normalizeSeatLabel(` ${'x'.repeat(20)} `, 'SEATS')).toEqual({ ok: true, label: 'x'.repeat(20) })
  })
})

describe('seat rules', () => {
  const seats = { mode: 'SEATS', tableSize: null } as const
  const tables = { mode: 'TABLES', tableSize: 3 } as const

  it('a numbered seat goes to one ticket (any case)', () => {
    expect(seatRefusal(seats, 'A12', ['B1', null])).toBeNull()
    expect(seatRefusal(seats, 'A12', ['a12'])).toBe('Seat a12 is already given to another ticket.')
  })

  it('a table holds up to its size', () => {
    expect(seatRefusal(tables, '1', ['1', '1'])).toBeNull()
    expect(seatRefusal(tables, '1', ['1', '1', '1'])).toBe('Table 1 is full (3 seats).')
  })

  it('a switch is refused when the tickets already seated do not fit it', () => {
    expect(seatingRefusal(seats, ['1', '2'])).toBeNull()
    expect(seatingRefusal(seats, ['1', '1'])).toMatch(/numbered seats need one each/)
    expect(seatingRefusal(tables, ['1', '1', '1', '1'])).toMatch(/more than tables of 3/)
  })

  it('says Table or Seat', () => {
    expect(seatText(tables, '1')).toBe('Table 1')
    expect(seatText(seats, 'A12')).toBe('Seat A12')
    expect(seatText(seats, null)).toBeNull()
  })

  it('parses a seating: tables need a size in range', () => {
    expect(seatingSchema.safeParse({ mode: 'TABLES', tableSize: 1 }).success).toBe(false)
    expect(seatingSchema.safeParse({ mode: 'TABLES', tableSize: 8 }).success).toBe(true)
    expect(seatingSchema.parse({ mode: 'SEATS' })).toEqual({ mode: 'SEATS', tableSize: null })
  })
})
