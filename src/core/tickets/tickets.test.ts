import { describe, expect, it } from 'vitest'
import {
  MAX_PER_ORDER,
  mostTicketsFor,
  purchaseRefusal,
  ticketQuantityRefusal,
  saleOpen,
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

  it('marks only the refusal for want of tickets, which the server may repeat without a read', () => {
    const want = (change: object, quantity: number, capacityLeft = 100) =>
      purchaseRefusal({ ...type, ...change }, anon, quantity, capacityLeft, now)
    expect(want({ taken: 10 }, 1)).toMatchObject({ message: 'Adult is sold out.', wantOfTickets: true })
    expect(want({ taken: 9 }, 2)).toMatchObject({ wantOfTickets: true })
    expect(want({}, 2, 1)).toMatchObject({ wantOfTickets: true })
    expect(want({ taken: 10, mode: 'BALLOT' }, 1)?.wantOfTickets).toBeUndefined()
    expect(want({ taken: 10, saleEndsAt: now }, 1)?.wantOfTickets).toBeUndefined()
    expect(want({ taken: 10 }, 5)?.wantOfTickets).toBeUndefined()
  })
})

describe('ticketQuantityRefusal (how many tickets one person may have)', () => {
  const adult = { name: 'Adult', perPersonLimit: 4 }
  it.each([
    [1, 0, null],
    [4, 0, null],
    [0, 0, 'Choose between 1 and 4 tickets.'],
    [-1, 0, 'Choose between 1 and 4 tickets.'],
    [1.5, 0, 'Choose between 1 and 4 tickets.'],
    [5, 0, 'Choose between 1 and 4 tickets.'],
    [2, 2, null],
    [2, 3, 'At most 4 Adult tickets per person; you may buy 1 more.'],
    [1, 4, 'At most 4 Adult tickets per person; you may buy 0 more.'],
  ])('%s asked with %s held → %s', (quantity, held, message) => {
    const refusal = ticketQuantityRefusal(adult, quantity, held)
    expect(refusal?.message ?? null).toBe(message)
    if (refusal) expect(refusal.code).toBe('VALIDATION')
  })

  it('words the refusal for a ballot request and the waitlist', () => {
    expect(ticketQuantityRefusal(adult, 9, 0, 'request')?.message).toBe('Request between 1 and 4 tickets.')
    expect(ticketQuantityRefusal(adult, 0, 0, 'wait')?.message).toBe('Wait for between 1 and 4 tickets.')
  })

  it('never allows more than one order takes, whatever the type’s limit', () => {
    const big = { name: 'Crew', perPersonLimit: MAX_PER_ORDER + 5 }
    expect(ticketQuantityRefusal(big, MAX_PER_ORDER, 0)).toBeNull()
    expect(ticketQuantityRefusal(big, MAX_PER_ORDER + 1, 0)?.code).toBe('VALIDATION')
    expect(mostTicketsFor(big)).toBe(MAX_PER_ORDER)
  })

  it('is what purchaseRefusal says about the number', () => {
    expect(purchaseRefusal(type, { ...anon, alreadyHeld: 3 }, 2, 100, now)).toEqual(
      ticketQuantityRefusal(type, 2, 3),
    )
  })

  it.each([
    [4, 0, 4],
    [4, 3, 1],
    [4, 6, 0],
  ])('mostTicketsFor: limit %i, %i held → %i more', (perPersonLimit, held, most) => {
    expect(mostTicketsFor({ perPersonLimit }, held)).toBe(most)
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
