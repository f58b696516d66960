import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox, ticketOrderLines, ticketOrders, tickets, ticketTypes } from '#server/db/schema/index.ts'
import { createUser, insertTicketedEvent, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// One basket, one order (decision 0045): several ticket types in one hold, one checkout, one order
// with a line per type and one email; the buyer's earlier hold is replaced, never stacked.

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

const SETUP = `mutation($e: String!, $input: TicketSaleInput!) {
  setUpTicketSale(eventSlug: $e, input: $input) { types { id name } } }`
const HOLD = `mutation($e: String!, $lines: [BasketLineInput!]!, $email: String!, $prev: String) {
  holdTickets(eventSlug: $e, lines: $lines, email: $email, previousClaimToken: $prev) {
    claimToken quantity amountPence typeName reference
    lines { typeName quantity unitPricePence }
    bankTransfer { reference accountName sortCode accountNumber } } }`
const CONFIRM = `mutation($c: String!, $names: [String!]!) {
  confirmTicketOrder(claimToken: $c, buyerName: "Ann Buyer", attendeeNames: $names, payment: BANK_TRANSFER) {
    orderId status tickets } }`

const type = (name: string, pricePence: number, perPersonLimit = 4, quota = 50) => ({
  name,
  info: '',
  pricePence,
  quota,
  perPersonLimit,
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
})

async function makeSale(types = [type('Adult', 1200), type('Concession', 800)]) {
  const { slug } = await insertTicketedEvent(t.app, { slugPrefix: 'bk', from: now, daysAhead: 30 })
  const r = await gql<{ setUpTicketSale: { types: { id: string; name: string }[] } }>(t.app, SETUP, {
    token: ticketAdmin.token,
    variables: { e: slug, input: { capacity: 100, published: true, addTypes: types } },
  })
  expect(r.body.errors).toBeUndefined()
  const ids = r.body.data!.setUpTicketSale.types.map((x) => x.id)
  return { slug, ids }
}

interface Held {
  claimToken: string
  quantity: number
  amountPence: number
  typeName: string
  reference: string
  lines: { typeName: string; quantity: number; unitPricePence: number }[]
  bankTransfer: { reference: string; accountName: string | null }
}

const hold = (
  slug: string,
  lines: [string, number][],
  opts: { token?: string; email?: string; prev?: string } = {},
) =>
  gql<{ holdTickets: Held }>(t.app, HOLD, {
    token: opts.token,
    variables: {
      e: slug,
      lines: lines.map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })),
      email: opts.email ?? 'ann@example.test',
      prev: opts.prev ?? null,
    },
  })

const taken = async (id: string) =>
  (await t.app.services.db.select().from(ticketTypes).where(eq(ticketTypes.id, id)))[0]!.taken

describe('one basket, one order', () => {
  it('2 adults + 1 concession: one hold, one order with two lines, three tickets and one email', async () => {
    const { slug, ids } = await makeSale()
    const [adult, concession] = ids as [string, string]
    const r = await hold(
      slug,
      [
        [adult, 2],
        [concession, 1],
      ],
      { token: member.token },
    )
    expect(r.body.errors).toBeUndefined()
    const held = r.body.data!.holdTickets
    expect(held).toMatchObject({
      quantity: 3,
      amountPence: 3200,
      typeName: '2 × Adult, 1 × Concession',
      lines: [
        { typeName: 'Adult', quantity: 2, unitPricePence: 1200 },
        { typeName: 'Concession', quantity: 1, unitPricePence: 800 },
      ],
    })
    expect(held.bankTransfer.reference).toBe(held.reference)
    expect([await taken(adult), await taken(concession)]).toEqual([2, 1])

    const ok = await gql<{ confirmTicketOrder: { orderId: string; status: string; tickets: number } }>(
      t.app,
      CONFIRM,
      { token: member.token, variables: { c: held.claimToken, names: ['Ann', 'Ben', 'Cal'] } },
    )
    expect(ok.body.errors).toBeUndefined()
    expect(ok.body.data!.confirmTicketOrder).toMatchObject({ status: 'AWAITING_PAYMENT', tickets: 3 })
    const orderId = ok.body.data!.confirmTicketOrder.orderId
    const db = t.app.services.db
    const issued = await db.select().from(tickets).where(eq(tickets.orderId, orderId))
    expect(
      issued
        .map((x) => [x.attendeeName, x.ticketTypeId === adult ? 'Adult' : 'Concession'])
        .sort((a, b) => a[0]!.localeCompare(b[0]!)),
    ).toEqual([
      ['Ann', 'Adult'],
      ['Ben', 'Adult'],
      ['Cal', 'Concession'],
    ])
    const orders = await db.select().from(ticketOrders).where(eq(ticketOrders.eventId, issued[0]!.eventId))
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({ quantity: 3, amountPence: 3200, payment: 'BANK_TRANSFER' })
    const mails = await db.select().from(outbox).where(eq(outbox.to, member.email))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('(2 × Adult, 1 × Concession)')
    expect(mails[0]!.text).toContain('Cal: Concession')
    expect(orders[0]!.orderToken).toMatch(/^[\w-]{24}$/)
  })

  it('without Stripe keys offers no card payment and refuses to start one (decision 0054)', async () => {
    const { slug, ids } = await makeSale()
    const held = await gql<{ holdTickets: { claimToken: string; payByCard: boolean } }>(
      t.app,
      `mutation($e: String!, $t: ID!) {
        holdTickets(eventSlug: $e, lines: [{ ticketTypeId: $t, quantity: 1 }], email: "c@example.test") {
          claimToken payByCard } }`,
      { variables: { e: slug, t: ids[0] } },
    )
    expect(held.body.data!.holdTickets.payByCard).toBe(false)
    const start = await gql(
      t.app,
      `mutation($c: String!) { startTicketCardCheckout(claimToken: $c, buyerName: "Cy", attendeeNames: ["Cy"]) { url } }`,
      { variables: { c: held.body.data!.holdTickets.claimToken } },
    )
    expect(start.body.errors?.[0]?.extensions?.code).toBe('CARD_PAYMENTS_OFF')
  })

  it('applies each type’s per-person limit across the basket, and refuses an empty basket', async () => {
    const { slug, ids } = await makeSale([type('Adult', 1200, 2), type('Concession', 800, 1)])
    const [adult, concession] = ids as [string, string]
    const over = await hold(
      slug,
      [
        [adult, 2],
        [concession, 2],
      ],
      { email: 'limit@example.test' },
    )
    expect(over.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    expect(over.body.errors?.[0]?.message).toBe('Choose between 1 and 1 tickets.')
    const empty = await hold(slug, [[adult, 0]], { email: 'limit@example.test' })
    expect(empty.body.errors?.[0]?.message).toBe('Choose at least one ticket.')
    expect([await taken(adult), await taken(concession)]).toEqual([0, 0])
  })

  it('takes nothing when one line does not fit (stock per type, all or nothing)', async () => {
    const { slug, ids } = await makeSale([type('Adult', 1200, 4, 5), type('Front row', 2000, 4, 1)])
    const [adult, front] = ids as [string, string]
    expect((await hold(slug, [[front, 1]], { email: 'first@example.test' })).body.errors).toBeUndefined()
    const r = await hold(
      slug,
      [
        [adult, 2],
        [front, 1],
      ],
      { email: 'second@example.test' },
    )
    expect(r.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    expect(r.body.errors?.[0]?.message).toBe('Front row is sold out.')
    expect([await taken(adult), await taken(front)]).toEqual([0, 1])
  })
})

describe('a hold replaced, not stacked', () => {
  it('reserving 3, reloading and reserving 2 leaves the buyer holding 2, free to buy up to their limit', async () => {
    const { slug, ids } = await makeSale([type('Adult', 1200, 4)])
    const [adult] = ids as [string]
    const first = await hold(slug, [[adult, 3]], { email: 'Reload@Example.test' })
    expect(first.body.errors).toBeUndefined()
    // The reload: the browser forgot nothing but the page; the same address asks again.
    const second = await hold(slug, [[adult, 2]], { email: 'reload@example.test' })
    expect(second.body.errors).toBeUndefined()
    expect(await taken(adult)).toBe(2)
    const db = t.app.services.db
    const orders = await db.select().from(ticketOrders).where(eq(ticketOrders.ticketTypeId, adult))
    expect(orders.map((o) => [o.quantity, o.status]).sort()).toEqual([
      [2, 'HELD'],
      [3, 'CANCELLED'],
    ])
    // And a third try for 4 (the limit) replaces the 2 rather than being refused "1 more".
    const third = await hold(slug, [[adult, 4]], { email: 'reload@example.test' })
    expect(third.body.errors).toBeUndefined()
    expect(await taken(adult)).toBe(4)
    const old = await gql(t.app, CONFIRM, {
      variables: { c: second.body.data!.holdTickets.claimToken, names: ['A', 'B'] },
    })
    expect(old.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
  })

  it('replaces by the browser’s earlier hold token and by a member’s account; another buyer’s hold stays', async () => {
    const { slug, ids } = await makeSale([type('Adult', 1200, 4)])
    const [adult] = ids as [string]
    const other = await hold(slug, [[adult, 1]], { email: 'someone@example.test' })
    const a = await hold(slug, [[adult, 3]], { email: 'typo@example.test' })
    const b = await hold(slug, [[adult, 1]], {
      email: 'fixed@example.test',
      prev: a.body.data!.holdTickets.claimToken,
    })
    expect(b.body.errors).toBeUndefined()
    expect(await taken(adult)).toBe(2)
    await hold(slug, [[adult, 2]], { token: member.token })
    await hold(slug, [[adult, 1]], { token: member.token })
    expect(await taken(adult)).toBe(3)
    const lines = await t.app.services.db
      .select({ quantity: ticketOrderLines.quantity, status: ticketOrders.status })
      .from(ticketOrderLines)
      .innerJoin(ticketOrders, eq(ticketOrders.id, ticketOrderLines.orderId))
      .where(eq(ticketOrderLines.ticketTypeId, adult))
    expect(
      lines
        .filter((l) => l.status === 'HELD')
        .map((l) => l.quantity)
        .sort(),
    ).toEqual([1, 1, 1])
    expect(other.body.errors).toBeUndefined()
  })
})
