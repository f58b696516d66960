import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_CONFIRM_HOURS } from '#core/tickets/email-confirmation.ts'
import { jobs, outbox, ticketOrders, tickets, ticketTypes } from '#server/db/schema/index.ts'
import { createUser, insertTicketedEvent, type TestUser } from '#server/testing/factories.ts'
import { buyTickets } from '#server/testing/buy-tickets.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// Issue 26, finding 9: an order placed without sign-in is confirmed from the link emailed to its
// address within EMAIL_CONFIRM_HOURS, or it lapses and its tickets go back on sale. The clock is the
// test's; the release job runs when the test moves it past a job's time.

const HOUR = 3_600_000
let t: TestApp
let now = new Date('2027-03-01T12:00:00Z')
let ticketAdmin: TestUser
let member: TestUser

beforeAll(async () => {
  t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false, clock: () => now })
  ticketAdmin = await createUser(t.app, { roles: ['ticketAdmin'] })
  member = await createUser(t.app, { name: 'Mia Member' })
})
afterAll(async () => t?.close())

/** Move the clock and run every job due by then (the queue compares with the database's clock). */
async function travel(ms: number) {
  const { db, queue } = t.app.services
  now = new Date(now.getTime() + ms)
  for (const job of await db.select().from(jobs).where(eq(jobs.status, 'pending'))) {
    if (job.runAt.getTime() <= now.getTime()) {
      await db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, job.id))
    }
  }
  while ((await queue.runDue()) > 0) {
    // Until nothing more is due.
  }
}

const SETUP = `mutation($e: String!, $input: TicketSaleInput!) {
  setUpTicketSale(eventSlug: $e, input: $input) { types { id } } }`
const HOLD = `mutation($e: String!, $t: ID!, $q: Int!, $email: String!) {
  holdTickets(eventSlug: $e, lines: [{ ticketTypeId: $t, quantity: $q }], email: $email) { claimToken } }`
const CONFIRM = `mutation($c: String!, $names: [String!]!) {
  confirmTicketOrder(claimToken: $c, buyerName: "Ann", attendeeNames: $names, payment: BANK_TRANSFER) {
    status tickets confirmBy } }`
const buy = (
  eventSlug: string,
  ticketTypeId: string,
  attendeeNames: string[],
  email: string,
  token?: string,
) =>
  buyTickets(t.app, {
    eventSlug,
    ticketTypeId,
    quantity: attendeeNames.length,
    buyerName: 'Bo',
    attendeeNames,
    email,
    token,
  })
const HELD = `query($c: String!) { heldTicketOrder(claimToken: $c) { quantity } }`
const LINK = `query($k: String!) { emailedTicketOrder(token: $k) {
  state eventTitle typeName quantity amountPence email confirmBy } }`
type Link = { emailedTicketOrder: { state: string } }
const USE_LINK = `mutation($k: String!) { confirmEmailedTicketOrder(token: $k) { status tickets confirmBy } }`

const TYPE = {
  name: 'Adult',
  info: '',
  pricePence: 1000,
  quota: 4,
  perPersonLimit: 4,
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
}

async function makeSale() {
  const { slug } = await insertTicketedEvent(t.app, { slugPrefix: 'ec', from: now, daysAhead: 30 })
  const r = await gql<{ setUpTicketSale: { types: { id: string }[] } }>(t.app, SETUP, {
    token: ticketAdmin.token,
    variables: { e: slug, input: { capacity: 100, published: true, addTypes: [TYPE] } },
  })
  expect(r.body.errors).toBeUndefined()
  return { slug, typeId: r.body.data!.setUpTicketSale.types[0]!.id }
}

const taken = async (typeId: string) =>
  (await t.app.services.db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId)))[0]!.taken
const issued = async (typeId: string) =>
  (await t.app.services.db.select().from(tickets).where(eq(tickets.ticketTypeId, typeId))).length
const mails = (to: string, template: string) =>
  t.app.services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, template)))
/** The secret of the confirmation link emailed to `to` (the last one). */
async function linkTo(to: string): Promise<string> {
  const [mail] = (await mails(to, 'tickets.confirmOrder')).slice(-1)
  expect(mail?.text).toContain(`within ${EMAIL_CONFIRM_HOURS} hours`)
  // The deadline on the society's clocks, as people say it (never "Mon, 01 Mar 2027 14:00:00 GMT").
  expect(mail?.text).toMatch(/, by \w+day \d{1,2} \w+ \d{4} at \d\d:\d\d:/)
  expect(mail?.text).not.toMatch(/GMT/)
  return /\/tickets\/confirm\/([\w-]+)/.exec(mail!.text)![1]!
}

describe('an order placed without sign-in', () => {
  it('is not issued until its emailed link is used; then issued once, and the link is refused after', async () => {
    const { slug, typeId } = await makeSale()
    const hold = await gql<{ holdTickets: { claimToken: string } }>(t.app, HOLD, {
      variables: { e: slug, t: typeId, q: 2, email: 'anon@example.test' },
    })
    const claimToken = hold.body.data!.holdTickets.claimToken
    const done = await gql<{ confirmTicketOrder: { status: string; tickets: number; confirmBy: string } }>(
      t.app,
      CONFIRM,
      { variables: { c: claimToken, names: ['Ann', 'Ben'] } },
    )
    expect(done.body.errors).toBeUndefined()
    expect(done.body.data?.confirmTicketOrder).toEqual({
      status: 'HELD',
      tickets: 0,
      confirmBy: new Date(now.getTime() + EMAIL_CONFIRM_HOURS * HOUR).toISOString(),
    })
    expect(await issued(typeId)).toBe(0)
    expect(await taken(typeId)).toBe(2)
    expect(await mails('anon@example.test', 'tickets.order')).toHaveLength(0)
    // The browser's own token no longer opens the order: only the emailed secret does.
    expect((await gql(t.app, HELD, { variables: { c: claimToken } })).body.data).toEqual({
      heldTicketOrder: null,
    })
    const again = await gql(t.app, CONFIRM, { variables: { c: claimToken, names: ['Ann', 'Ben'] } })
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')

    const token = await linkTo('anon@example.test')
    expect(token).not.toBe(claimToken)
    const open = await gql(t.app, LINK, { variables: { k: token } })
    expect(open.body.data?.emailedTicketOrder).toMatchObject({
      state: 'OPEN',
      typeName: '2 × Adult',
      quantity: 2,
      amountPence: 2000,
      email: 'anon@example.test',
    })

    await travel(EMAIL_CONFIRM_HOURS * HOUR - 60_000)
    expect(await taken(typeId)).toBe(2)
    const used = await gql(t.app, USE_LINK, { variables: { k: token } })
    expect(used.body.errors).toBeUndefined()
    expect(used.body.data?.confirmEmailedTicketOrder).toEqual({
      status: 'AWAITING_PAYMENT',
      tickets: 2,
      confirmBy: null,
    })
    const names = (
      await t.app.services.db.select().from(tickets).where(eq(tickets.ticketTypeId, typeId))
    ).map((row) => row.attendeeName)
    expect(names.sort()).toEqual(['Ann', 'Ben'])
    expect(await mails('anon@example.test', 'tickets.order')).toHaveLength(1)

    const twice = await gql(t.app, USE_LINK, { variables: { k: token } })
    expect(twice.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    expect(twice.body.errors?.[0]?.message).toMatch(/used already/)
    expect((await gql(t.app, LINK, { variables: { k: token } })).body.data?.emailedTicketOrder).toEqual({
      state: 'CONFIRMED',
      eventTitle: null,
      typeName: null,
      quantity: null,
      amountPence: null,
      email: null,
      confirmBy: null,
    })
    // The old release job does nothing to a confirmed order.
    await travel(2 * HOUR)
    expect(await taken(typeId)).toBe(2)
    expect(await issued(typeId)).toBe(2)
  })

  it('lapses unconfirmed after the set time: the stock returns and the link is refused', async () => {
    const { slug, typeId } = await makeSale()
    const bought = await buy(slug, typeId, ['A', 'B', 'C', 'D'], 'made-up@example.test')
    expect(bought.body.errors).toBeUndefined()
    expect(bought.body.data?.order).toMatchObject({ status: 'HELD', tickets: 0 })
    expect(await taken(typeId)).toBe(4)
    expect(await issued(typeId)).toBe(0)
    // Sold out while it waits.
    const other = await buy(slug, typeId, ['E'], 'real@example.test')
    expect(other.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    const token = await linkTo('made-up@example.test')

    await travel(EMAIL_CONFIRM_HOURS * HOUR + 60_000)
    expect(await taken(typeId)).toBe(0)
    const [order] = await t.app.services.db
      .select()
      .from(ticketOrders)
      .where(eq(ticketOrders.id, bought.body.data!.order.orderId))
    expect(order!.status).toBe('CANCELLED')
    expect(
      (await gql<Link>(t.app, LINK, { variables: { k: token } })).body.data?.emailedTicketOrder.state,
    ).toBe('LAPSED')
    const late = await gql(t.app, USE_LINK, { variables: { k: token } })
    expect(late.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    expect(late.body.errors?.[0]?.message).toMatch(/lapsed/)
    expect(await issued(typeId)).toBe(0)

    // Back on sale: someone else now gets them.
    const after = await buy(slug, typeId, ['E', 'F', 'G', 'H'], 'real@example.test')
    expect(after.body.errors).toBeUndefined()
    expect(await taken(typeId)).toBe(4)
  })

  it('is refused at its deadline even before the release job has run', async () => {
    const { slug, typeId } = await makeSale()
    const bought = await buy(slug, typeId, ['A'], 'slow@example.test')
    expect(bought.body.errors).toBeUndefined()
    const token = await linkTo('slow@example.test')
    now = new Date(now.getTime() + EMAIL_CONFIRM_HOURS * HOUR)
    const late = await gql(t.app, USE_LINK, { variables: { k: token } })
    expect(late.body.errors?.[0]?.message).toMatch(/lapsed/)
    expect(await issued(typeId)).toBe(0)
  })

  it('an unknown link is NOT_FOUND; a signed-in member is issued at once, as before', async () => {
    const unknown = await gql(t.app, USE_LINK, { variables: { k: 'not-a-real-token' } })
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    expect(
      (await gql<Link>(t.app, LINK, { variables: { k: 'nope' } })).body.data?.emailedTicketOrder.state,
    ).toBe('UNKNOWN')

    const { slug, typeId } = await makeSale()
    const bought = await buy(slug, typeId, ['Mia', 'Max'], 'ignored@example.test', member.token)
    expect(bought.body.data?.order).toMatchObject({
      status: 'AWAITING_PAYMENT',
      tickets: 2,
      confirmBy: null,
    })
    expect(await issued(typeId)).toBe(2)
    expect(await mails(member.email, 'tickets.confirmOrder')).toHaveLength(0)
  })
})
