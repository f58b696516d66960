import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, ticketOrders, ticketTypes } from '#server/db/schema/index.ts'
import { createUser, type TestUser, insertTicketedEvent } from '#server/testing/factories.ts'
import { buyTickets } from '#server/testing/buy-tickets.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// Editing, removing and closing a ticket type on the set-up page, and letting a checkout's hold go
// (decision 0022): the refusals come with codes and per-field paths, and nothing is half-written.

let t: TestApp
const now = new Date('2027-03-01T12:00:00Z')
let ticketAdmin: TestUser
let member: TestUser

beforeAll(async () => {
  t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false, clock: () => now })
  ticketAdmin = await createUser(t.app, { roles: ['ticketAdmin'], name: 'Tess Tickets' })
  member = await createUser(t.app, { name: 'Mia Member' })
})
afterAll(async () => t?.close())

const TYPE = {
  name: 'Adult',
  info: '',
  pricePence: 1000,
  quota: 5,
  perPersonLimit: 4,
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
}
const SETUP = `mutation($e: String!, $input: TicketSaleInput!) {
  setUpTicketSale(eventSlug: $e, input: $input) { types { id } } }`
const UPDATE = `mutation($e: String!, $t: ID!, $input: TicketTypeInput!) {
  updateTicketType(eventSlug: $e, ticketTypeId: $t, input: $input) {
    types { id name pricePence quota perPersonLimit audience mode info saleStartsAt saleEndsAt onSale } } }`
const REMOVE = `mutation($e: String!, $t: ID!) { removeTicketType(eventSlug: $e, ticketTypeId: $t) { types { id } } }`
const CLOSE = `mutation($e: String!, $t: ID!) {
  closeTicketTypeSale(eventSlug: $e, ticketTypeId: $t) { types { id onSale saleEndsAt } } }`
const HOLD = `mutation($e: String!, $t: ID!, $q: Int!, $email: String!) {
  holdTickets(eventSlug: $e, lines: [{ ticketTypeId: $t, quantity: $q }], email: $email) { claimToken } }`
const buy = (eventSlug: string, ticketTypeId: string) =>
  buyTickets(t.app, { eventSlug, ticketTypeId, quantity: 1, buyerName: 'Bo', email: 'bo@example.test' })
const RELEASE = `mutation($c: String!) { releaseHeldTicketOrder(claimToken: $c) }`

type Err = { extensions?: { code?: string; fields?: { path: string; message: string }[] }; message: string }

async function makeSale() {
  const { slug } = await insertTicketedEvent(t.app, { slugPrefix: 'te', from: now, daysAhead: 30 })
  const r = await gql<{ setUpTicketSale: { types: { id: string }[] } }>(t.app, SETUP, {
    token: ticketAdmin.token,
    variables: { e: slug, input: { capacity: 100, published: true, addTypes: [TYPE] } },
  })
  expect(r.body.errors).toBeUndefined()
  return { slug, typeId: r.body.data!.setUpTicketSale.types[0]!.id }
}

const typeRow = async (id: string) =>
  (await t.app.services.db.select().from(ticketTypes).where(eq(ticketTypes.id, id)))[0]
const update = (slug: string, typeId: string, input: object, token = ticketAdmin.token) =>
  gql<{ updateTicketType: { types: Record<string, unknown>[] } }>(t.app, UPDATE, {
    token,
    variables: { e: slug, t: typeId, input: { ...TYPE, ...input } },
  })

describe('editing a ticket type', () => {
  it('changes every field before anything is sold, audited', async () => {
    const { slug, typeId } = await makeSale()
    const r = await update(slug, typeId, {
      name: 'Concession',
      pricePence: 500,
      quota: 9,
      perPersonLimit: 2,
      audience: 'MEMBERS',
      mode: 'BALLOT',
      info: 'Bring your card.',
      saleStartsAt: '2027-03-02T09:00:00Z',
      saleEndsAt: '2027-03-20T09:00:00Z',
    })
    expect(r.body.errors).toBeUndefined()
    expect(r.body.data!.updateTicketType.types[0]).toMatchObject({
      name: 'Concession',
      pricePence: 500,
      quota: 9,
      perPersonLimit: 2,
      audience: 'MEMBERS',
      mode: 'BALLOT',
      info: 'Bring your card.',
      saleStartsAt: '2027-03-02T09:00:00.000Z',
      saleEndsAt: '2027-03-20T09:00:00.000Z',
    })
    const audit = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tickets.updateType'), eq(auditLog.entityId, typeId)))
    expect(audit).toHaveLength(1)
    expect((audit[0]!.before as { name: string }).name).toBe('Adult')
  })

  it('refuses the quota below sold + held, and the price or mode once sold, per field, writing nothing', async () => {
    const { slug, typeId } = await makeSale()
    expect((await buy(slug, typeId)).body.errors).toBeUndefined()
    const hold = await gql(t.app, HOLD, { variables: { e: slug, t: typeId, q: 2, email: 'h@example.test' } })
    expect(hold.body.errors).toBeUndefined()
    const r = await update(slug, typeId, { name: 'Renamed', quota: 2, pricePence: 1200, mode: 'BALLOT' })
    const error = r.body.errors?.[0] as Err
    expect(error.extensions?.code).toBe('CONFLICT')
    expect(error.extensions?.fields?.map((f) => f.path)).toEqual(['quota', 'pricePence', 'mode'])
    expect(error.message).toBe('3 Adult tickets are sold or held; the quota cannot be less.')
    expect(await typeRow(typeId)).toMatchObject({ name: 'Adult', quota: 5, pricePence: 1000 })

    const ok = await update(slug, typeId, { name: 'Renamed', quota: 3, perPersonLimit: 1, info: 'Doors 7pm' })
    expect(ok.body.errors).toBeUndefined()
    expect(await typeRow(typeId)).toMatchObject({ name: 'Renamed', quota: 3, taken: 3, info: 'Doors 7pm' })
  })

  it('checks the input with the shared schema, and refuses a member and another event’s type', async () => {
    const { slug, typeId } = await makeSale()
    const other = await makeSale()
    const bad = await update(slug, typeId, { name: '', quota: 0 })
    expect((bad.body.errors?.[0] as Err).extensions?.code).toBe('VALIDATION')
    expect((bad.body.errors?.[0] as Err).extensions?.fields?.map((f) => f.path).sort()).toEqual([
      'name',
      'quota',
    ])
    const wrong = await update(slug, other.typeId, { name: 'X' })
    expect((wrong.body.errors?.[0] as Err).extensions?.code).toBe('NOT_FOUND')
    const forbidden = await update(slug, typeId, { name: 'X' }, member.token)
    expect((forbidden.body.errors?.[0] as Err).extensions?.code).toBe('FORBIDDEN')
    expect((await typeRow(typeId))!.name).toBe('Adult')
  })
})

describe('removing and closing a ticket type', () => {
  it('removes a type with nothing sold', async () => {
    const { slug, typeId } = await makeSale()
    const r = await gql(t.app, REMOVE, { token: ticketAdmin.token, variables: { e: slug, t: typeId } })
    expect(r.body.errors).toBeUndefined()
    expect(await typeRow(typeId)).toBeUndefined()
  })

  it('refuses to remove a type with a hold or a cancelled order; closing its sale works instead', async () => {
    const { slug, typeId } = await makeSale()
    const hold = await gql<{ holdTickets: { claimToken: string } }>(t.app, HOLD, {
      variables: { e: slug, t: typeId, q: 1, email: 'h@example.test' },
    })
    const refused = await gql(t.app, REMOVE, { token: ticketAdmin.token, variables: { e: slug, t: typeId } })
    expect((refused.body.errors?.[0] as Err).extensions?.code).toBe('CONFLICT')
    expect((refused.body.errors?.[0] as Err).message).toMatch(/Close its sale instead/)

    // Letting the hold go cancels the order: it stays on record, so the type still cannot go.
    const released = await gql(t.app, RELEASE, { variables: { c: hold.body.data!.holdTickets.claimToken } })
    expect(released.body.errors).toBeUndefined()
    const again = await gql(t.app, REMOVE, { token: ticketAdmin.token, variables: { e: slug, t: typeId } })
    expect((again.body.errors?.[0] as Err).message).toMatch(/cancelled orders/)
    expect(await typeRow(typeId)).toBeDefined()

    const closed = await gql<{ closeTicketTypeSale: { types: { onSale: boolean; saleEndsAt: string }[] } }>(
      t.app,
      CLOSE,
      { token: ticketAdmin.token, variables: { e: slug, t: typeId } },
    )
    expect(closed.body.errors).toBeUndefined()
    expect(closed.body.data!.closeTicketTypeSale.types[0]).toMatchObject({
      onSale: false,
      saleEndsAt: now.toISOString(),
    })
    const bought = await buy(slug, typeId)
    expect(bought.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    expect(bought.body.errors?.[0]?.message).toMatch(/not on sale now/)
  })
})

describe('letting a hold go', () => {
  it('gives the stock back at once, and a second release or a confirm afterwards is refused', async () => {
    const { slug, typeId } = await makeSale()
    const hold = await gql<{ holdTickets: { claimToken: string } }>(t.app, HOLD, {
      variables: { e: slug, t: typeId, q: 3, email: 'h@example.test' },
    })
    const claimToken = hold.body.data!.holdTickets.claimToken
    expect((await typeRow(typeId))!.taken).toBe(3)
    expect((await gql(t.app, RELEASE, { variables: { c: claimToken } })).body.errors).toBeUndefined()
    expect((await typeRow(typeId))!.taken).toBe(0)
    const [order] = await t.app.services.db
      .select()
      .from(ticketOrders)
      .where(eq(ticketOrders.ticketTypeId, typeId))
    expect(order!.status).toBe('CANCELLED')
    const twice = await gql(t.app, RELEASE, { variables: { c: claimToken } })
    expect(twice.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    expect((await typeRow(typeId))!.taken).toBe(0)
  })
})
