import { describe, expect, it } from 'vitest'
import { DOOR_VERDICT, SCAN_KINDS, collectAtDoor, scanHeadline, scanMoneyLine, scanVerdict } from './door.ts'

const now = new Date('2027-03-01T19:02:00Z')

describe('scanVerdict', () => {
  const valid = { eventId: 'e1', status: 'VALID' as const, checkedInAt: null }
  it.each([
    ['a valid, paid ticket', valid, 'e1', 0, 'CHECK_IN'],
    ['a valid ticket whose order owes money', valid, 'e1', 1200, 'COLLECT'],
    ['a second scan', { ...valid, status: 'CHECKED_IN' as const, checkedInAt: now }, 'e1', 0, 'ALREADY_USED'],
    [
      'a second scan of an unpaid one',
      { ...valid, status: 'CHECKED_IN' as const, checkedInAt: now },
      'e1',
      1200,
      'ALREADY_USED',
    ],
    ['another event', valid, 'e2', 1200, 'WRONG_EVENT'],
    ['a transferred (void) code', { ...valid, status: 'VOID' as const }, 'e1', 0, 'UNKNOWN'],
    ['a forged code', undefined, 'e1', 0, 'UNKNOWN'],
  ] as const)('%s', (_label, ticket, eventId, collect, verdict) => {
    expect(scanVerdict(ticket, eventId, collect)).toBe(verdict)
  })
})

describe('collectAtDoor', () => {
  it.each([
    ['an unpaid ticket of three: its own price, not the order’s total', 1200, 3600, 1200],
    ['a part-paid order owing less than the ticket', 1200, 500, 500],
    ['a paid order', 1200, 0, 0],
    ['a free ticket of an order that owes', 0, 3600, 0],
  ])('%s', (_label, price, owed, collect) => {
    expect(collectAtDoor(price, owed)).toBe(collect)
  })
})

describe('door wording', () => {
  it('gives every kind a verdict: admit, collect or refuse', () => {
    expect(SCAN_KINDS.map((k) => DOOR_VERDICT[k])).toEqual(['ADMIT', 'COLLECT', 'REFUSE', 'REFUSE', 'REFUSE'])
  })
  it('says what to collect for this ticket, and the order’s figure as the order’s', () => {
    expect(scanHeadline({ kind: 'COLLECT', collectPence: 1200 })).toBe('Collect £12.00')
    expect(scanHeadline({ kind: 'VALID' })).toBe('Valid: let them in')
    expect(
      scanMoneyLine({
        kind: 'COLLECT',
        collectPence: 1200,
        orderOwedPence: 3600,
        orderReference: 'SD-T-ABC',
      }),
    ).toBe(
      'Unpaid: collect £12.00 for this ticket, then press “Paid at the door”. Order SD-T-ABC owes £36.00 in all, for its other tickets too.',
    )
    expect(
      scanMoneyLine({ kind: 'COLLECT', collectPence: 1200, orderOwedPence: 1200, orderReference: 'X' }),
    ).toBe('Unpaid: collect £12.00 for this ticket, then press “Paid at the door”.')
    expect(scanMoneyLine({ kind: 'VALID', paidPence: 1200 })).toBe('Paid £12.00 at the door.')
    expect(scanMoneyLine({ kind: 'VALID' })).toBeNull()
  })
})
