import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ticketSales, ticketTypes } from '#server/db/schema/index.ts'
import { createUser, type TestUser, insertTicketedEvent } from '#server/testing/factories.ts'
import { buyTickets } from '#server/testing/buy-tickets.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// Issue 27, "Finding it" and "Money": every page showing an event asks the server what to offer
// (Event.ticketCallToAction), and a ticket type's price is given or free is chosen, never assumed.

let t: TestApp
const now = new Date('2027-03-01T12:00:00Z')
let ticketAdmin: TestUser

beforeAll(async () => {
  t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false, clock: () => now })
  ticketAdmin = await createUser(t.app, { roles: ['ticketAdmin'], name: 'Tess Tickets' })
})
afterAll(async () => t?.close())

type Err = { extensions?: { code?: string; fields?: { path: string; message: string }[] }; message: string }

const TYPE = {
  name: 'Adult',
  pricePence: 1200,
  quota: 5,
  perPersonLimit: 4,
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
}
const SETUP = `mutation($e: String!, $input: TicketSaleInput!) {
  setUpTicketSale(eventSlug: $e, input: $input) { types { id pricePence } } }`
const UPDATE = `mutation($e: String!, $t: ID!, $input: TicketTypeInput!) {
  updateTicketType(eventSlug: $e, ticketTypeId: $t, input: $input) { types { id pricePence } } }`
const CALL = `query($slug: String!) {
  event(slug: $slug) { ticketCallToAction }
  listings { slug ticketCallToAction } }`

const setUp = (slug: string, types: object[], published = true) =>
  gql<{ setUpTicketSale: { types: { id: string; pricePence: number }[] } }>(t.app, SETUP, {
    token: ticketAdmin.token,
    variables: { e: slug, input: { capacity: 100, published, addTypes: types } },
  })

async function callToAction(slug: string) {
  const r = await gql<{
    event: { ticketCallToAction: string | null }
    listings: { slug: string; ticketCallToAction: string | null }[]
  }>(t.app, CALL, { variables: { slug } })
  expect(r.body.errors).toBeUndefined()
  const listed = r.body.data!.listings.find((l) => l.slug === slug)
  // The listing and the event page answer with the one rule.
  expect(listed?.ticketCallToAction).toBe(r.body.data!.event.ticketCallToAction)
  return r.body.data!.event.ticketCallToAction
}

const newEvent = async () =>
  (await insertTicketedEvent(t.app, { slugPrefix: 'find', from: now, daysAhead: 30 })).slug

describe('a ticket type’s price', () => {
  it('refuses a price of 0 that was not chosen as free (VALIDATION at the price), writing nothing', async () => {
    const event = await insertTicketedEvent(t.app, { slugPrefix: 'find', from: now, daysAhead: 30 })
    const r = await setUp(event.slug, [{ ...TYPE, pricePence: 0 }])
    const error = r.body.errors?.[0] as Err
    expect(error.extensions?.code).toBe('VALIDATION')
    expect(error.extensions?.fields).toEqual([
      { path: 'addTypes.0.pricePence', message: 'Give a price, or choose Free for free tickets.' },
    ])
    const db = t.app.services.db
    expect(await db.select().from(ticketSales).where(eq(ticketSales.eventId, event.id))).toEqual([])
    expect(await db.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.id))).toEqual([])
  })

  it('refuses free tickets with a price, and takes free tickets chosen as free at £0.00', async () => {
    const slug = await newEvent()
    const both = await setUp(slug, [{ ...TYPE, free: true }])
    expect((both.body.errors?.[0] as Err).extensions?.fields?.[0]).toEqual({
      path: 'addTypes.0.pricePence',
      message: 'Free tickets have no price: clear the price or untick Free.',
    })
    const free = await setUp(slug, [{ ...TYPE, name: 'Free entry', pricePence: 0, free: true }])
    expect(free.body.errors).toBeUndefined()
    expect(free.body.data?.setUpTicketSale.types).toEqual([
      { id: expect.any(String) as string, pricePence: 0 },
    ])
  })

  it('refuses an edit to a price of 0 without Free, and keeps the price', async () => {
    const slug = await newEvent()
    const made = await setUp(slug, [TYPE])
    const id = made.body.data!.setUpTicketSale.types[0]!.id
    const r = await gql(t.app, UPDATE, {
      token: ticketAdmin.token,
      variables: { e: slug, t: id, input: { ...TYPE, pricePence: 0 } },
    })
    expect((r.body.errors?.[0] as Err).extensions?.code).toBe('VALIDATION')
    expect((r.body.errors?.[0] as Err).extensions?.fields?.map((f) => f.path)).toEqual(['pricePence'])
    const [row] = await t.app.services.db.select().from(ticketTypes).where(eq(ticketTypes.id, id))
    expect(row!.pricePence).toBe(1200)
  })
})

describe('Event.ticketCallToAction', () => {
  it('is null without a published sale, then BUY, WAITLIST when sold out, SOLD_OUT once the sale ends', async () => {
    const slug = await newEvent()
    expect(await callToAction(slug)).toBeNull()
    const made = await setUp(
      slug,
      [{ ...TYPE, saleEndsAt: new Date(now.getTime() + 86_400_000).toISOString() }],
      false,
    )
    expect(made.body.errors).toBeUndefined()
    expect(await callToAction(slug)).toBeNull()
    await setUp(slug, [], true)
    expect(await callToAction(slug)).toBe('BUY')
    const id = made.body.data!.setUpTicketSale.types[0]!.id
    await t.app.services.db.update(ticketTypes).set({ taken: 5 }).where(eq(ticketTypes.id, id))
    expect(await callToAction(slug)).toBe('WAITLIST')
    await t.app.services.db
      .update(ticketTypes)
      .set({ saleEndsAt: new Date(now.getTime() - 1000) })
      .where(eq(ticketTypes.id, id))
    expect(await callToAction(slug)).toBe('SOLD_OUT')
  })

  it('is BALLOT while a ballot takes requests', async () => {
    const slug = await newEvent()
    await setUp(slug, [{ ...TYPE, name: 'Dinner', mode: 'BALLOT', audience: 'MEMBERS' }])
    expect(await callToAction(slug)).toBe('BALLOT')
  })
})

const MINE = `query($slug: String!) {
  event(slug: $slug) { ticketCallToAction myTicketStanding }
  listings { slug ticketCallToAction myTicketStanding } }`

/** What `who` (null: signed out) is offered and where they stand; the listing agrees with the page. */
async function offeredTo(who: TestUser | null, slug: string) {
  type Mine = { ticketCallToAction: string | null; myTicketStanding: string | null }
  const r = await gql<{ event: Mine; listings: (Mine & { slug: string })[] }>(t.app, MINE, {
    token: who?.token,
    variables: { slug },
  })
  expect(r.body.errors).toBeUndefined()
  const { slug: _slug, ...listed } = r.body.data!.listings.find((l) => l.slug === slug)!
  expect(listed).toEqual(r.body.data!.event)
  return r.body.data!.event
}

/** What the shop tells `who` of each type: how many they have, their place on its waitlist. */
async function shopSays(who: TestUser, slug: string) {
  const r = await gql<{
    ticketShop: { types: { myTicketCount: number; myWaitlistPosition: number | null }[] }
  }>(
    t.app,
    'query($e: String!) { ticketShop(eventSlug: $e) { types { myTicketCount myWaitlistPosition } } }',
    { token: who.token, variables: { e: slug } },
  )
  expect(r.body.errors).toBeUndefined()
  return r.body.data!.ticketShop.types
}

describe('Event.ticketCallToAction and Event.myTicketStanding, per viewer', () => {
  it('a member at the per-person limit sees "Your tickets" instead of "Buy tickets"; others still buy', async () => {
    const slug = await newEvent()
    const made = await setUp(slug, [{ ...TYPE, quota: 10, perPersonLimit: 2 }])
    const typeId = made.body.data!.setUpTicketSale.types[0]!.id
    const [ann, ben] = [await createUser(t.app), await createUser(t.app)]
    const bought = await buyTickets(t.app, {
      eventSlug: slug,
      ticketTypeId: typeId,
      quantity: 1,
      email: ann.email,
      token: ann.token,
    })
    expect(bought.body.errors).toBeUndefined()
    // One of two: may buy one more, and holds one.
    expect(await offeredTo(ann, slug)).toEqual({
      ticketCallToAction: 'BUY',
      myTicketStanding: 'HOLDS_TICKETS',
    })
    await buyTickets(t.app, {
      eventSlug: slug,
      ticketTypeId: typeId,
      quantity: 1,
      email: ann.email,
      token: ann.token,
    })
    expect(await offeredTo(ann, slug)).toEqual({
      ticketCallToAction: null,
      myTicketStanding: 'HOLDS_TICKETS',
    })
    expect(await offeredTo(ben, slug)).toEqual({ ticketCallToAction: 'BUY', myTicketStanding: null })
    expect(await offeredTo(null, slug)).toEqual({ ticketCallToAction: 'BUY', myTicketStanding: null })
    // The shop says the same: Ann has 2 of the 2 a person may have, Ben none.
    expect(await shopSays(ann, slug)).toEqual([{ myTicketCount: 2, myWaitlistPosition: null }])
    expect(await shopSays(ben, slug)).toEqual([{ myTicketCount: 0, myWaitlistPosition: null }])
  })

  it('a member who entered the ballot is told so, and not asked to enter again', async () => {
    const slug = await newEvent()
    const made = await setUp(slug, [{ ...TYPE, name: 'Dinner', mode: 'BALLOT', audience: 'MEMBERS' }])
    const typeId = made.body.data!.setUpTicketSale.types[0]!.id
    const [ann, ben] = [await createUser(t.app), await createUser(t.app)]
    const r = await gql(
      t.app,
      'mutation($e: String!, $t: ID!) { requestBallotTickets(eventSlug: $e, ticketTypeId: $t, quantity: 2) { outcome } }',
      { token: ann.token, variables: { e: slug, t: typeId } },
    )
    expect(r.body.errors).toBeUndefined()
    expect(await offeredTo(ann, slug)).toEqual({ ticketCallToAction: null, myTicketStanding: 'IN_BALLOT' })
    expect(await offeredTo(ben, slug)).toEqual({ ticketCallToAction: 'BALLOT', myTicketStanding: null })
  })

  it('a member on the waitlist is told so; others are asked to join it', async () => {
    const slug = await newEvent()
    const saleEndsAt = new Date(now.getTime() + 86_400_000).toISOString()
    const made = await setUp(slug, [{ ...TYPE, saleEndsAt }])
    const typeId = made.body.data!.setUpTicketSale.types[0]!.id
    await t.app.services.db.update(ticketTypes).set({ taken: 5 }).where(eq(ticketTypes.id, typeId))
    const [ann, ben] = [await createUser(t.app), await createUser(t.app)]
    const r = await gql(
      t.app,
      'mutation($e: String!, $t: ID!) { joinTicketWaitlist(eventSlug: $e, ticketTypeId: $t, quantity: 1) }',
      { token: ann.token, variables: { e: slug, t: typeId } },
    )
    expect(r.body.errors).toBeUndefined()
    expect(await offeredTo(ann, slug)).toEqual({
      ticketCallToAction: 'SOLD_OUT',
      myTicketStanding: 'ON_WAITLIST',
    })
    expect(await offeredTo(ben, slug)).toEqual({ ticketCallToAction: 'WAITLIST', myTicketStanding: null })
    // The shop shows Ann her place instead of "Join the waitlist"; Ben joins behind her.
    expect(await shopSays(ann, slug)).toEqual([{ myTicketCount: 0, myWaitlistPosition: 1 }])
    await gql(
      t.app,
      'mutation($e: String!, $t: ID!) { joinTicketWaitlist(eventSlug: $e, ticketTypeId: $t, quantity: 1) }',
      { token: ben.token, variables: { e: slug, t: typeId } },
    )
    expect(await shopSays(ben, slug)).toEqual([{ myTicketCount: 0, myWaitlistPosition: 2 }])
  })
})
