import { describe, expect, it } from 'vitest'
import {
  SALE_CALL_TO_ACTION_LABEL,
  TICKET_STANDING_LABEL,
  saleCallToAction,
  viewerCallToAction,
  type CallToActionSale,
  type ViewerTickets,
} from './sale-call-to-action.ts'

const now = new Date('2026-12-01T12:00:00Z')
const later = new Date('2026-12-20T12:00:00Z')
const earlier = new Date('2026-11-20T12:00:00Z')
const event = { endDate: new Date('2026-12-24T22:00:00Z') }

type Type = CallToActionSale['types'][number]
let ids = 0
const type = (over: Partial<Type> = {}): Type => ({
  id: `t${++ids}`,
  mode: 'FIRST_COME',
  audience: 'PUBLIC',
  hidden: false,
  quota: 100,
  taken: 0,
  perPersonLimit: 4,
  saleStartsAt: null,
  saleEndsAt: null,
  drawnAt: null,
  ...over,
})
const sale = (types: Type[], over: Partial<CallToActionSale> = {}): CallToActionSale => ({
  published: true,
  capacity: 200,
  taken: types.reduce((s, t) => s + t.taken, 0),
  types,
  ...over,
})

describe('the call to action for an event’s tickets', () => {
  it.each<[string, CallToActionSale | null, string | null]>([
    ['no sale', null, null],
    ['a sale not published', sale([type()], { published: false }), null],
    ['a sale with no types', sale([]), null],
    ['only committee comps', sale([type({ audience: 'COMP' })]), null],
    ['only a hidden type (sold with a code)', sale([type({ hidden: true })]), null],
    ['a first-come type on sale', sale([type()]), 'BUY'],
    ['members-only tickets on sale (the shop asks to sign in)', sale([type({ audience: 'MEMBERS' })]), 'BUY'],
    ['a sale not yet open', sale([type({ saleStartsAt: later })]), null],
    ['a sale closed with tickets left', sale([type({ saleEndsAt: earlier })]), null],
    ['a ballot taking requests', sale([type({ mode: 'BALLOT' })]), 'BALLOT'],
    ['a ballot already drawn, tickets left', sale([type({ mode: 'BALLOT', drawnAt: earlier })]), null],
    ['one type sold out while another sells', sale([type({ quota: 5, taken: 5 }), type()]), 'BUY'],
    ['sold out while the sale runs', sale([type({ quota: 5, taken: 5, saleEndsAt: later })]), 'WAITLIST'],
    ['the event full though the type has quota', sale([type({ taken: 10 })], { capacity: 10 }), 'WAITLIST'],
    ['sold out and the sale closed', sale([type({ quota: 5, taken: 5, saleEndsAt: earlier })]), 'SOLD_OUT'],
    [
      'a ballot drawn and every ticket given',
      sale([type({ mode: 'BALLOT', quota: 8, taken: 8, drawnAt: earlier, saleEndsAt: earlier })]),
      'SOLD_OUT',
    ],
    ['a buyable type beats a ballot', sale([type({ mode: 'BALLOT' }), type()]), 'BUY'],
  ])('%s → %s', (_name, given, expected) => {
    expect(saleCallToAction(given, event, now)).toBe(expected)
  })

  it('offers nothing once the event has ended', () => {
    expect(saleCallToAction(sale([type()]), { endDate: earlier }, now)).toBeNull()
  })

  it('words each call to action as people read it', () => {
    expect(SALE_CALL_TO_ACTION_LABEL).toEqual({
      BUY: 'Buy tickets',
      BALLOT: 'Enter the ballot',
      WAITLIST: 'Join the waitlist',
      SOLD_OUT: 'Sold out',
    })
  })
})

describe('the call to action for a signed-in viewer, and where they stand', () => {
  const nobody: ViewerTickets = { held: 0, ordered: {}, requested: [], waiting: [] }
  const adult = type({ id: 'adult', perPersonLimit: 4 })
  const concession = type({ id: 'concession', perPersonLimit: 2 })
  const dinner = type({ id: 'dinner', mode: 'BALLOT' })
  const full = type({ id: 'full', quota: 5, taken: 5, saleEndsAt: later })
  it.each<[string, CallToActionSale, ViewerTickets, string | null, string | null]>([
    ['a member with nothing yet', sale([adult]), nobody, 'BUY', null],
    [
      'a holder who may buy more',
      sale([adult]),
      { ...nobody, held: 2, ordered: { adult: 2 } },
      'BUY',
      'HOLDS_TICKETS',
    ],
    [
      'a holder at the per-person limit of the only type',
      sale([adult]),
      { ...nobody, held: 4, ordered: { adult: 4 } },
      null,
      'HOLDS_TICKETS',
    ],
    [
      'at the limit of one type, another still to buy',
      sale([adult, concession]),
      { ...nobody, held: 4, ordered: { adult: 4 } },
      'BUY',
      'HOLDS_TICKETS',
    ],
    [
      'at the limit of every type',
      sale([adult, concession]),
      { ...nobody, held: 6, ordered: { adult: 4, concession: 2 } },
      null,
      'HOLDS_TICKETS',
    ],
    [
      'passed tickets they did not order (the limit counts orders)',
      sale([adult]),
      { ...nobody, held: 1 },
      'BUY',
      'HOLDS_TICKETS',
    ],
    ['in the only ballot', sale([dinner]), { ...nobody, requested: ['dinner'] }, null, 'IN_BALLOT'],
    ['not yet in the ballot', sale([dinner]), nobody, 'BALLOT', null],
    [
      'on the waitlist of the sold-out type',
      sale([full]),
      { ...nobody, waiting: ['full'] },
      'SOLD_OUT',
      'ON_WAITLIST',
    ],
    ['not on the waitlist yet', sale([full]), nobody, 'WAITLIST', null],
    [
      'holds tickets and waits for more: the tickets first',
      sale([full]),
      { ...nobody, held: 2, ordered: { full: 2 }, waiting: ['full'] },
      'SOLD_OUT',
      'HOLDS_TICKETS',
    ],
    [
      'holds tickets of a sale no longer published',
      sale([adult], { published: false }),
      { ...nobody, held: 1 },
      null,
      'HOLDS_TICKETS',
    ],
  ])('%s → %s, %s', (_name, given, viewer, action, standing) => {
    expect(viewerCallToAction(given, event, now, viewer)).toEqual({ action, standing })
  })

  it('says nothing once the event has ended, tickets or not', () => {
    expect(viewerCallToAction(sale([adult]), { endDate: earlier }, now, { ...nobody, held: 2 })).toEqual({
      action: null,
      standing: null,
    })
  })

  it('gives a signed-out visitor the sale’s own call to action and no standing', () => {
    const given = sale([adult, dinner, full])
    expect(viewerCallToAction(given, event, now, null)).toEqual({
      action: saleCallToAction(given, event, now),
      standing: null,
    })
  })

  it('words each standing as people read it', () => {
    expect(TICKET_STANDING_LABEL).toEqual({
      HOLDS_TICKETS: 'Your tickets',
      IN_BALLOT: 'You’re in the ballot',
      ON_WAITLIST: 'You’re on the waitlist',
    })
  })
})
