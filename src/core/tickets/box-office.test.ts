import { describe, expect, it } from 'vitest'
import {
  boxOfficeCollectLine,
  boxOfficeNotes,
  boxOfficeRefusal,
  boxOfficeSaleSchema,
  boxOfficeSells,
  boxOfficeTotal,
  type BoxOfficeType,
} from './box-office.ts'

const now = new Date('2027-03-01T19:00:00Z')
const adult: BoxOfficeType = {
  name: 'Adult',
  pricePence: 1200,
  quota: 10,
  taken: 7,
  mode: 'FIRST_COME',
  audience: 'PUBLIC',
  saleStartsAt: null,
  saleEndsAt: null,
  hidden: false,
}
const ID = '00000000-0000-4000-8000-000000000001'

describe('what the box office sells', () => {
  it.each([
    ['a first-come type', adult, true],
    ['a ballot type', { ...adult, mode: 'BALLOT' as const }, false],
  ])('%s: sells = %s', (_label, type, sells) => {
    expect(boxOfficeSells(type)).toBe(sells)
  })

  it.each([
    // [quantity, capacity left, refusal]
    [3, 100, null],
    [4, 100, { code: 'CONFLICT', message: 'Only 3 Adult tickets are left.' }],
    [2, 1, { code: 'CONFLICT', message: 'Only 1 Adult tickets are left.' }],
    [1, 0, { code: 'CONFLICT', message: 'Adult is sold out.' }],
  ])('%i asked with %i left in the hall → %j', (quantity, capacityLeft, refusal) => {
    expect(boxOfficeRefusal(adult, quantity, capacityLeft)).toEqual(refusal)
  })

  it('refuses a ballot type as bad input, whatever is left', () => {
    expect(boxOfficeRefusal({ ...adult, mode: 'BALLOT' }, 1, 100)).toEqual({
      code: 'VALIDATION',
      message: 'Adult tickets are allocated by ballot: the box office does not sell them.',
    })
  })

  it('sells after the online sale closed, hidden types and every audience, saying so (decision 0050)', () => {
    expect(boxOfficeNotes(adult, now)).toEqual([])
    const closed = {
      ...adult,
      saleEndsAt: new Date(now.getTime() - 1),
      hidden: true,
      audience: 'MEMBERS' as const,
    }
    expect(boxOfficeRefusal(closed, 1, 100)).toBeNull()
    expect(boxOfficeNotes(closed, now)).toEqual([
      'Not in the online shop',
      'Online sale closed',
      'Members only: check at the door',
    ])
    expect(boxOfficeNotes({ ...adult, saleStartsAt: new Date(now.getTime() + 1) }, now)).toEqual([
      'Online sale not open yet',
    ])
    expect(boxOfficeNotes({ ...adult, mode: 'BALLOT' }, now)).toEqual([
      'Allocated by ballot: not sold at the door',
    ])
  })
})

describe('a box-office sale’s input', () => {
  const base = { eventSlug: 'gala', lines: [{ ticketTypeId: ID, quantity: 2 }], method: 'CASH' }

  it('defaults to checking them in, with no name or email', () => {
    expect(boxOfficeSaleSchema.parse(base)).toEqual({ ...base, buyerName: '', email: '', checkIn: true })
  })

  it.each([
    [{ email: 'nope' }, 'email', 'Give an email address, or leave it empty.'],
    [{ method: 'CHEQUE' }, 'method', 'Choose cash or card.'],
    [{ lines: [{ ticketTypeId: ID, quantity: 0 }] }, 'lines', 'Choose at least one ticket.'],
    [{ lines: [{ ticketTypeId: ID, quantity: 11 }] }, 'lines.0.quantity', expect.any(String)],
  ])('refuses %j at %s', (change, path, message) => {
    const parsed = boxOfficeSaleSchema.safeParse({ ...base, ...change })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]).toMatchObject({
      path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      message,
    })
  })

  it('trims the email and keeps an empty one', () => {
    expect(boxOfficeSaleSchema.parse({ ...base, email: '  a@b.test ' }).email).toBe('a@b.test')
    expect(boxOfficeSaleSchema.parse({ ...base, email: '   ' }).email).toBe('')
  })
})

describe('what to take', () => {
  it('adds the types’ prices and says what to take, by the method', () => {
    const total = boxOfficeTotal([
      { quantity: 2, unitPricePence: 1200 },
      { quantity: 1, unitPricePence: 600 },
      { quantity: 3, unitPricePence: 0 },
    ])
    expect(total).toBe(3000)
    expect(boxOfficeCollectLine(total, 'CASH')).toBe('Take £30.00 in cash.')
    expect(boxOfficeCollectLine(total, 'CARD')).toBe('Take £30.00 on the card reader.')
    expect(boxOfficeCollectLine(0, 'CARD')).toBe('Nothing to take: these tickets are free.')
  })
})
