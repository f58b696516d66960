import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  events,
  jobs,
  outbox,
  ticketOrders,
  tickets,
  ticketSales,
  ticketTypes,
  ticketWaitlist,
} from '#server/db/schema/index.ts'
import { createUser, type TestUser, insertTicketedEvent } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// The set-up form's mutation, the 10-minute hold released by its durable job, and waitlist offers
// that pass down the line when unclaimed, all on a clock the test moves (decision 0022).

const DAY = 86_400_000
let t: TestApp
let now = new Date('2027-03-01T12:00:00Z')
let admin: TestUser
let ticketAdmin: TestUser
let member: TestUser

beforeAll(async () => {
  t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false, clock: () => now })
  admin = await createUser(t.app, { roles: ['superAdmin'], name: 'Sam Super' })
  ticketAdmin = await createUser(t.app, { roles: ['ticketAdmin'], name: 'Tess Tickets' })
  member = await createUser(t.app, { name: 'Mia Member' })
})
afterAll(async () => t?.close())

/** Move the clock and run what is due by then (the queue compares run times with the database's clock). */
async function travel(ms: number) {
  const { db, queue } = t.app.services
  now = new Date(now.getTime() + ms)
  const pending = await db.select().from(jobs).where(eq(jobs.status, 'pending'))
  for (const job of pending) {
    if (job.runAt.getTime() <= now.getTime()) {
      await db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, job.id))
    }
  }
  while ((await queue.runDue()) > 0) {
    // Run until nothing more is due (a release can queue the next offer's job).
  }
}

const SETUP = `mutation($e: String!, $input: TicketSaleInput!) {
  setUpTicketSale(eventSlug: $e, input: $input) { capacity published types { id name quota } } }`
const HOLD = `mutation($e: String!, $t: ID!, $q: Int!, $email: String!) {
  holdTickets(eventSlug: $e, lines: [{ ticketTypeId: $t, quantity: $q }], email: $email) { claimToken heldUntil quantity } }`
const CONFIRM = `mutation($c: String!, $names: [String!]!) {
  confirmTicketOrder(claimToken: $c, buyerName: "Ann", attendeeNames: $names, payment: PAY_AT_DOOR) {
    status tickets } }`
const HELD = `query($c: String!) { heldTicketOrder(claimToken: $c) { quantity fromWaitlist heldUntil } }`
const WAIT = `mutation($e: String!, $t: ID!, $q: Int!) { joinTicketWaitlist(eventSlug: $e, ticketTypeId: $t, quantity: $q) }`

const TYPE = {
  name: 'Adult',
  info: '',
  pricePence: 1000,
  quota: 2,
  perPersonLimit: 2,
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
}

async function makeEvent() {
  return (await insertTicketedEvent(t.app, { slugPrefix: 'th', from: now, daysAhead: 30 })).slug
}

async function makeSale(type = TYPE) {
  const slug = await makeEvent()
  const r = await gql<{ setUpTicketSale: { types: { id: string }[] } }>(t.app, SETUP, {
    token: ticketAdmin.token,
    variables: { e: slug, input: { capacity: 100, published: true, addTypes: [type] } },
  })
  expect(r.body.errors).toBeUndefined()
  return { slug, typeId: r.body.data!.setUpTicketSale.types[0]!.id }
}

const typeRow = async (id: string) =>
  (await t.app.services.db.select().from(ticketTypes).where(eq(ticketTypes.id, id)))[0]!

describe('setting up a sale (the Tickets admin page)', () => {
  it('a ticketAdmin adds a type; bad input is refused per field with nothing written', async () => {
    const slug = await makeEvent()
    const bad = await gql(t.app, SETUP, {
      token: admin.token,
      variables: {
        e: slug,
        input: {
          capacity: 0,
          published: true,
          addTypes: [{ ...TYPE, name: ' ', quota: 0, saleStartsAt: now, saleEndsAt: now }],
        },
      },
    })
    const error = bad.body.errors?.[0] as { extensions?: { code?: string; fields?: { path: string }[] } }
    expect(error.extensions?.code).toBe('VALIDATION')
    expect(error.extensions?.fields?.map((f) => f.path).sort()).toEqual([
      'addTypes.0.name',
      'addTypes.0.quota',
      'addTypes.0.saleEndsAt',
      'capacity',
    ])
    const [event] = await t.app.services.db.select().from(events).where(eq(events.slug, slug))
    expect(
      await t.app.services.db.select().from(ticketSales).where(eq(ticketSales.eventId, event!.id)),
    ).toEqual([])

    const ok = await gql<{ setUpTicketSale: { capacity: number; types: { name: string }[] } }>(t.app, SETUP, {
      token: ticketAdmin.token,
      variables: { e: slug, input: { capacity: 50, published: true, addTypes: [TYPE] } },
    })
    expect(ok.body.errors).toBeUndefined()
    expect(ok.body.data?.setUpTicketSale).toMatchObject({ capacity: 50, types: [{ name: 'Adult' }] })
  })

  it('refuses a member and a boardMember', async () => {
    const slug = await makeEvent()
    const board = await createUser(t.app, { roles: ['boardMember'] })
    for (const who of [member, board]) {
      const r = await gql(t.app, SETUP, {
        token: who.token,
        variables: { e: slug, input: { capacity: 5, published: true, addTypes: [] } },
      })
      expect(r.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    }
  })
})

describe('the 10-minute hold', () => {
  it('keeps the stock while the buyer finishes, and the job gives it back after 10 minutes', async () => {
    const { slug, typeId } = await makeSale()
    const hold = await gql<{ holdTickets: { claimToken: string; heldUntil: string } }>(t.app, HOLD, {
      variables: { e: slug, t: typeId, q: 2, email: 'late@example.test' },
    })
    expect(hold.body.errors).toBeUndefined()
    expect(new Date(hold.body.data!.holdTickets.heldUntil).getTime()).toBe(now.getTime() + 10 * 60_000)
    expect((await typeRow(typeId)).taken).toBe(2)
    // Sold out while held: nobody else can take it.
    const other = await gql(t.app, HOLD, { variables: { e: slug, t: typeId, q: 1, email: 'b@example.test' } })
    expect(other.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')

    await travel(9 * 60_000)
    expect((await typeRow(typeId)).taken).toBe(2)
    await travel(2 * 60_000)
    expect((await typeRow(typeId)).taken).toBe(0)
    const [order] = await t.app.services.db
      .select()
      .from(ticketOrders)
      .where(eq(ticketOrders.ticketTypeId, typeId))
    expect(order!.status).toBe('CANCELLED')
    const late = await gql(t.app, CONFIRM, {
      variables: { c: hold.body.data!.holdTickets.claimToken, names: ['A', 'B'] },
    })
    expect(late.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
  })

  it("a signed-in member's confirmed hold issues the tickets, emails them, and its release job does nothing", async () => {
    // (Without sign-in the order waits for its emailed link first: email-confirmation.test.ts.)
    const { slug, typeId } = await makeSale()
    const hold = await gql<{ holdTickets: { claimToken: string } }>(t.app, HOLD, {
      token: member.token,
      variables: { e: slug, t: typeId, q: 2, email: 'ignored@example.test' },
    })
    const token = hold.body.data!.holdTickets.claimToken
    const wrong = await gql(t.app, CONFIRM, {
      token: member.token,
      variables: { c: token, names: ['Only one'] },
    })
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const ok = await gql(t.app, CONFIRM, {
      token: member.token,
      variables: { c: token, names: ['Ann', 'Ben'] },
    })
    expect(ok.body.errors).toBeUndefined()
    expect(ok.body.data).toEqual({ confirmTicketOrder: { status: 'AWAITING_PAYMENT', tickets: 2 } })
    const mail = await t.app.services.db.select().from(outbox).where(eq(outbox.to, member.email))
    expect(mail).toHaveLength(1)
    await travel(11 * 60_000)
    expect((await typeRow(typeId)).taken).toBe(2)
    expect(
      await t.app.services.db.select().from(tickets).where(eq(tickets.ticketTypeId, typeId)),
    ).toHaveLength(2)
  })
})

describe('the waitlist', () => {
  it('a released hold is offered to the next in line; an unclaimed offer lapses and goes to the next', async () => {
    const { slug, typeId } = await makeSale({ ...TYPE, quota: 1, perPersonLimit: 1 })
    const hold = await gql(t.app, HOLD, { variables: { e: slug, t: typeId, q: 1, email: 'h@example.test' } })
    expect(hold.body.errors).toBeUndefined()
    const first = await createUser(t.app, { name: 'First Waiting' })
    const second = await createUser(t.app, { name: 'Second Waiting' })
    for (const who of [first, second]) {
      const r = await gql(t.app, WAIT, { token: who.token, variables: { e: slug, t: typeId, q: 1 } })
      expect(r.body.errors).toBeUndefined()
    }

    // The hold lapses: the ticket is offered to the first in line, by email with a timed link.
    await travel(11 * 60_000)
    const offerTo = async (email: string) => {
      const rows = await t.app.services.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.template, 'tickets.waitlistOffer')))
      for (const m of rows)
        expect(m.text).toMatch(/kept for you until \w+day \d{1,2} \w+ \d{4} at \d\d:\d\d\./)
      return rows.map((m) => /\/tickets\/claim\/([\w-]+)/.exec(m.text)![1]!)
    }
    const [firstToken] = await offerTo(first.email)
    expect(firstToken).toBeTruthy()
    expect(await offerTo(second.email)).toEqual([])
    expect((await typeRow(typeId)).taken).toBe(1)
    const view = await gql<{ heldTicketOrder: { fromWaitlist: boolean; heldUntil: string } }>(t.app, HELD, {
      variables: { c: firstToken },
    })
    expect(view.body.data?.heldTicketOrder.fromWaitlist).toBe(true)
    expect(new Date(view.body.data!.heldTicketOrder.heldUntil).getTime()).toBe(now.getTime() + 2 * DAY)

    // Unclaimed for two days: it lapses and goes to the second.
    await travel(2 * DAY + 60_000)
    const [secondToken] = await offerTo(second.email)
    expect(secondToken).toBeTruthy()
    expect((await gql(t.app, HELD, { variables: { c: firstToken } })).body.data).toEqual({
      heldTicketOrder: null,
    })
    const claimed = await gql(t.app, CONFIRM, { variables: { c: secondToken, names: ['Second Waiting'] } })
    expect(claimed.body.errors).toBeUndefined()
    const line = await t.app.services.db
      .select()
      .from(ticketWaitlist)
      .where(eq(ticketWaitlist.ticketTypeId, typeId))
      .orderBy(ticketWaitlist.position)
    expect(line.map((e) => e.status)).toEqual(['LAPSED', 'DONE'])
    expect((await typeRow(typeId)).taken).toBe(1)
  })
})

describe('an unpaid ballot offer', () => {
  it('lapses after 3 days: its tickets die and pass to the first on the waitlist', async () => {
    const { slug, typeId } = await makeSale({
      ...TYPE,
      quota: 1,
      perPersonLimit: 1,
      audience: 'MEMBERS',
      mode: 'BALLOT',
    })
    const a = await createUser(t.app, { name: 'Ballot A' })
    const b = await createUser(t.app, { name: 'Ballot B' })
    for (const who of [a, b]) {
      const r = await gql(
        t.app,
        `mutation($e: String!, $t: ID!) { requestBallotTickets(eventSlug: $e, ticketTypeId: $t, quantity: 1) { id } }`,
        {
          token: who.token,
          variables: { e: slug, t: typeId },
        },
      )
      expect(r.body.errors).toBeUndefined()
    }
    const draw = await gql(
      t.app,
      `mutation($e: String!, $t: ID!) { runBallotDraw(eventSlug: $e, ticketTypeId: $t, seed: "lapse") { allocated } }`,
      {
        token: ticketAdmin.token,
        variables: { e: slug, t: typeId },
      },
    )
    expect(draw.body.data).toEqual({ runBallotDraw: { allocated: 1 } })
    const [won] = await t.app.services.db
      .select()
      .from(ticketOrders)
      .where(eq(ticketOrders.ticketTypeId, typeId))
    const loser = won!.email === a.email ? b : a

    await travel(2 * DAY)
    expect(
      (await t.app.services.db.select().from(ticketOrders).where(eq(ticketOrders.id, won!.id)))[0]!.status,
    ).toBe('AWAITING_PAYMENT')
    await travel(DAY + 60_000)
    expect(
      (await t.app.services.db.select().from(ticketOrders).where(eq(ticketOrders.id, won!.id)))[0]!.status,
    ).toBe('CANCELLED')
    const dead = await t.app.services.db.select().from(tickets).where(eq(tickets.orderId, won!.id))
    expect(dead.map((x) => x.status)).toEqual(['VOID'])
    const offers = await t.app.services.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, loser.email), eq(outbox.template, 'tickets.waitlistOffer')))
    expect(offers).toHaveLength(1)
    expect((await typeRow(typeId)).taken).toBe(1)
  })
})
