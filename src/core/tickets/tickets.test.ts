import { describe, expect, it } from 'vitest'
import {
  purchaseRefusal,
  saleOpen,
  scanVerdict,
  ticketsLeft,
  type Buyer,
  type TicketTypeRules,
} from './tickets.ts'

const now = new Date('2025-11-01T12:00:00Z')
const type: TicketTypeRules = {
  name: 'Adult',
  pricePence: 1200,
  quota: 10,
  perPersonLimit: 4,
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
  saleStartsAt: new Date('2025-10-01T00:00:00Z'),
  saleEndsAt: new Date('2025-12-01T00:00:00Z'),
  taken: 0,
}
const anon: Buyer = { signedIn: false, participant: false, staff: false, alreadyHeld: 0 }

describe('purchaseRefusal', () => {
  it.each([
    ['a public type, anonymous', {}, anon, 2, 100, null],
    ['zero tickets', {}, anon, 0, 100, 'VALIDATION'],
    ['more than the per-person limit', {}, anon, 5, 100, 'VALIDATION'],
    ['the limit counting what is held', {}, { ...anon, alreadyHeld: 3 }, 2, 100, 'VALIDATION'],
    ['more than the quota left', { taken: 9 }, anon, 2, 100, 'CONFLICT'],
    ['more than the event capacity left', {}, anon, 2, 1, 'CONFLICT'],
    ['sold out', { taken: 10 }, anon, 1, 100, 'CONFLICT'],
    ['before the window', { saleStartsAt: new Date('2025-11-02T00:00:00Z') }, anon, 1, 100, 'CONFLICT'],
    ['after the window', { saleEndsAt: now }, anon, 1, 100, 'CONFLICT'],
    ['a ballot type', { mode: 'BALLOT' }, anon, 1, 100, 'CONFLICT'],
    ['members only, anonymous', { audience: 'MEMBERS' }, anon, 1, 100, 'FORBIDDEN'],
    ['members only, signed in', { audience: 'MEMBERS' }, { ...anon, signedIn: true }, 1, 100, null],
    [
      'participants only, a member',
      { audience: 'PARTICIPANTS' },
      { ...anon, signedIn: true },
      1,
      100,
      'FORBIDDEN',
    ],
    [
      'participants only, a participant',
      { audience: 'PARTICIPANTS' },
      { ...anon, participant: true },
      1,
      100,
      null,
    ],
    ['a comp, a member', { audience: 'COMP' }, { ...anon, signedIn: true }, 1, 100, 'FORBIDDEN'],
    ['a comp, staff', { audience: 'COMP' }, { ...anon, staff: true }, 1, 100, null],
  ] as const)('%s', (_label, change, buyer, quantity, capacityLeft, code) => {
    const refusal = purchaseRefusal({ ...type, ...change }, buyer, quantity, capacityLeft, now)
    expect(refusal?.code ?? null).toBe(code)
  })
})

describe('ticketsLeft and saleOpen', () => {
  it.each([
    [10, 0, 100, 10],
    [10, 4, 100, 6],
    [10, 4, 3, 3],
    [10, 12, 100, 0],
    [10, 0, -2, 0],
  ])('quota %i, taken %i, capacity left %i → %i', (quota, taken, cap, left) => {
    expect(ticketsLeft({ quota, taken }, cap)).toBe(left)
  })
  it('opens at the start and closes at the end', () => {
    expect(saleOpen(type, type.saleStartsAt!)).toBe(true)
    expect(saleOpen(type, type.saleEndsAt!)).toBe(false)
    expect(saleOpen({ saleStartsAt: null, saleEndsAt: null }, now)).toBe(true)
  })
})

describe('scanVerdict', () => {
  const valid = { eventId: 'e1', status: 'VALID' as const, checkedInAt: null }
  it.each([
    ['a valid ticket', valid, 'e1', 'CHECK_IN'],
    ['a second scan', { ...valid, status: 'CHECKED_IN' as const, checkedInAt: now }, 'e1', 'ALREADY_USED'],
    ['another event', valid, 'e2', 'WRONG_EVENT'],
    ['a transferred (void) code', { ...valid, status: 'VOID' as const }, 'e1', 'UNKNOWN'],
    ['a forged code', undefined, 'e1', 'UNKNOWN'],
  ] as const)('%s', (_label, ticket, eventId, verdict) => {
    expect(scanVerdict(ticket, eventId)).toBe(verdict)
  })
})
