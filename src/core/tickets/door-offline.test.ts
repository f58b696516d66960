import { describe, expect, it } from 'vitest'
import { offlineVerdict, type DoorListEntry } from './door-offline.ts'

const list: DoorListEntry[] = [
  { hash: 'aa', attendeeName: 'Ann', typeName: 'Adult', checkedInAt: null, collectPence: 0 },
  {
    hash: 'bb',
    attendeeName: 'Ben',
    typeName: 'Adult',
    checkedInAt: '2027-01-01T19:00:00.000Z',
    collectPence: 0,
  },
  { hash: 'dd', attendeeName: 'Dee', typeName: 'Adult', checkedInAt: null, collectPence: 1200 },
]

describe('offlineVerdict', () => {
  it('lets in a listed ticket once, refuses a used or unknown one', () => {
    expect(offlineVerdict(list, [], 'aa')).toEqual({ kind: 'VALID', attendeeName: 'Ann', typeName: 'Adult' })
    expect(offlineVerdict(list, [], 'bb')).toEqual({ kind: 'ALREADY_USED', at: '2027-01-01T19:00:00.000Z' })
    expect(offlineVerdict(list, [], 'cc')).toEqual({ kind: 'UNKNOWN' })
    const pending = [{ code: 'SD1-x', hash: 'aa', at: '2027-01-01T19:05:00.000Z' }]
    expect(offlineVerdict(list, pending, 'aa')).toEqual({
      kind: 'ALREADY_USED',
      at: '2027-01-01T19:05:00.000Z',
    })
  })
  it('asks to collect for an unpaid ticket, and once paid here it is used', () => {
    expect(offlineVerdict(list, [], 'dd')).toEqual({
      kind: 'COLLECT',
      attendeeName: 'Dee',
      typeName: 'Adult',
      collectPence: 1200,
    })
    const paid = [{ code: 'SD1-y', hash: 'dd', at: '2027-01-01T19:06:00.000Z', payment: 'CASH' as const }]
    expect(offlineVerdict(list, paid, 'dd')).toEqual({ kind: 'ALREADY_USED', at: '2027-01-01T19:06:00.000Z' })
  })
})
