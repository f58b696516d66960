import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, ticketOrders, ticketPayments, tickets } from '#server/db/schema/index.ts'
import { createUser, insertTicketedEvent, type TestUser } from '#server/testing/factories.ts'
import { buyTickets } from '#server/testing/buy-tickets.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// The door (issue 27): an unpaid ticket is amber "Collect £12.00" (its own price, not the order's
// total), and "Paid at the door" records the money and checks it in, online and from an offline sync.

let t: TestApp
const now = new Date('2027-04-01T18:02:00Z')
let ticketAdmin: TestUser
let buyer: TestUser

beforeAll(async () => {
  t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false, clock: () => now })
  ticketAdmin = await createUser(t.app, { roles: ['ticketAdmin'], name: 'Tess Tickets' })
  buyer = await createUser(t.app, { name: 'Bea Buyer' })
})
afterAll(async () => t?.close())

const SCAN_FIELDS = 'kind verdict headline moneyLine attendeeName collectPence orderOwedPence paidPence'
const CHECK_IN = `mutation($e: String!, $c: String!) { checkInTicket(eventSlug: $e, code: $c) { ${SCAN_FIELDS} } }`
const PAY_AT_DOOR = `mutation($e: String!, $c: String!, $m: DoorPaymentMethod!) {
  payAtDoor(eventSlug: $e, code: $c, method: $m) { ${SCAN_FIELDS} } }`

interface Scan {
  kind: string
  verdict: string
  headline: string
  moneyLine: string | null
  attendeeName: string | null
  collectPence: number | null
  orderOwedPence: number | null
  paidPence: number | null
}

/** A sale of £12 Adult tickets and Bea's pay-at-door order of `quantity`. */
async function unpaidOrder(quantity: number) {
  const { slug } = await insertTicketedEvent(t.app, { slugPrefix: 'door', from: now })
  const r = await gql<{ setUpTicketSale: { types: { id: string }[] } }>(
    t.app,
    `mutation($e: String!, $input: TicketSaleInput!) { setUpTicketSale(eventSlug: $e, input: $input) { types { id } } }`,
    {
      token: ticketAdmin.token,
      variables: {
        e: slug,
        input: {
          capacity: 20,
          published: true,
          addTypes: [
            {
              name: 'Adult',
              pricePence: 1200,
              quota: 20,
              perPersonLimit: 10,
              audience: 'PUBLIC',
              mode: 'FIRST_COME',
            },
          ],
        },
      },
    },
  )
  const names = ['Ann', 'Ben', 'Cat'].slice(0, quantity)
  const bought = await buyTickets(t.app, {
    token: buyer.token,
    eventSlug: slug,
    ticketTypeId: r.body.data!.setUpTicketSale.types[0]!.id,
    quantity,
    buyerName: 'Bea',
    email: 'x@example.test',
    attendeeNames: names,
  })
  expect(bought.body.errors).toBeUndefined()
  const orderId = bought.body.data!.order.orderId
  const rows = await t.app.services.db.select().from(tickets).where(eq(tickets.orderId, orderId))
  const code = (name: string) => rows.find((x) => x.attendeeName === name)!.code
  return { slug, orderId, code }
}

const scan = async (e: string, c: string) =>
  (await gql<{ checkInTicket: Scan }>(t.app, CHECK_IN, { token: ticketAdmin.token, variables: { e, c } }))
    .body
const pay = async (e: string, c: string, m: string, token = ticketAdmin.token) =>
  (await gql<{ payAtDoor: Scan }>(t.app, PAY_AT_DOOR, { token, variables: { e, c, m } })).body

describe('an unpaid pay-at-door ticket at the door', () => {
  it('is amber "Collect £12.00", and "Paid at the door" records it and lets them in', async () => {
    const { slug, orderId, code } = await unpaidOrder(3)
    expect((await scan(slug, code('Ann'))).data?.checkInTicket).toEqual({
      kind: 'COLLECT',
      verdict: 'COLLECT',
      headline: 'Collect £12.00',
      moneyLine: expect.stringMatching(/collect £12\.00 for this ticket.* Order SD-.* owes £36\.00 in all/),
      attendeeName: 'Ann',
      collectPence: 1200,
      orderOwedPence: 3600,
      paidPence: null,
    })
    // Not let in yet: the scan alone checks nothing in.
    const db = t.app.services.db
    const [ann] = await db
      .select()
      .from(tickets)
      .where(eq(tickets.code, code('Ann')))
    expect(ann).toMatchObject({ status: 'VALID', checkedInAt: null })

    expect((await pay(slug, code('Ann'), 'CASH', buyer.token)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    )
    expect((await pay(slug, code('Ann'), 'CASH')).data?.payAtDoor).toMatchObject({
      kind: 'VALID',
      verdict: 'ADMIT',
      paidPence: 1200,
      moneyLine: 'Paid £12.00 at the door.',
    })
    // A second press (or a second door) records nothing more.
    expect((await pay(slug, code('Ann'), 'CASH')).data?.payAtDoor).toMatchObject({ kind: 'ALREADY_USED' })
    const payments = () => db.select().from(ticketPayments).where(eq(ticketPayments.orderId, orderId))
    expect((await payments()).map((p) => [p.amountPence, p.method])).toEqual([[1200, 'CASH']])
    const order = async () => (await db.select().from(ticketOrders).where(eq(ticketOrders.id, orderId)))[0]!
    expect((await order()).status).toBe('AWAITING_PAYMENT')
    const page = await gql(t.app, `{ ticketByCode(code: "${code('Ann')}") { status checkedInAt } }`)
    expect(page.body.data).toEqual({ ticketByCode: { status: 'CHECKED_IN', checkedInAt: now.toISOString() } })

    expect((await scan(slug, code('Ben'))).data?.checkInTicket).toMatchObject({
      kind: 'COLLECT',
      collectPence: 1200,
      orderOwedPence: 2400,
    })
    await pay(slug, code('Ben'), 'CARD')
    await pay(slug, code('Cat'), 'CARD')
    expect((await payments()).map((p) => [p.amountPence, p.method])).toEqual([
      [1200, 'CASH'],
      [1200, 'CARD'],
      [1200, 'CARD'],
    ])
    expect((await order()).status).toBe('PAID')
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tickets.doorPayment'), eq(auditLog.entityId, orderId)))
    expect(audits).toHaveLength(3)
    expect(audits[2]!.after).toMatchObject({ amountPence: 1200, method: 'CARD', status: 'PAID' })
  })

  it('a paid order’s ticket is let in at once; a part-paid order collects only what it owes', async () => {
    const { slug, orderId, code } = await unpaidOrder(2)
    // A card (online) payment is the card provider's to record, never staff's by hand.
    const byHand = await gql(
      t.app,
      'mutation($o: ID!) { recordTicketPayment(orderId: $o, amountPence: 1700, method: CARD_ONLINE) { status } }',
      { token: ticketAdmin.token, variables: { o: orderId } },
    )
    expect(byHand.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    await gql(
      t.app,
      'mutation($o: ID!) { recordTicketPayment(orderId: $o, amountPence: 1700, method: BANK_TRANSFER) { status } }',
      { token: ticketAdmin.token, variables: { o: orderId } },
    )
    expect((await scan(slug, code('Ann'))).data?.checkInTicket).toMatchObject({
      kind: 'COLLECT',
      collectPence: 700,
      orderOwedPence: 700,
      headline: 'Collect £7.00',
    })
    expect((await pay(slug, code('Ann'), 'CASH')).data?.payAtDoor).toMatchObject({
      kind: 'VALID',
      paidPence: 700,
    })
    expect((await scan(slug, code('Ben'))).data?.checkInTicket).toMatchObject({
      kind: 'VALID',
      verdict: 'ADMIT',
    })
  })
})

describe('the offline door', () => {
  it('lists what to collect, and a synced "Paid at the door" records the payment', async () => {
    const { slug, orderId, code } = await unpaidOrder(1)
    const list = await gql<{ doorList: { entries: { attendeeName: string; collectPence: number }[] } }>(
      t.app,
      'query($e: String!) { doorList(eventSlug: $e) { entries { attendeeName collectPence } } }',
      { token: ticketAdmin.token, variables: { e: slug } },
    )
    expect(list.body.data?.doorList.entries).toEqual([{ attendeeName: 'Ann', collectPence: 1200 }])
    const at = new Date(now.getTime() - 60_000).toISOString()
    const sync = await gql<{
      syncCheckIns: { conflict: boolean; payment: string; result: { kind: string } }[]
    }>(
      t.app,
      `mutation($e: String!, $s: [OfflineScanInput!]!) {
        syncCheckIns(eventSlug: $e, scans: $s) { conflict payment result { kind paidPence } } }`,
      { token: ticketAdmin.token, variables: { e: slug, s: [{ code: code('Ann'), at, payment: 'CASH' }] } },
    )
    expect(sync.body.data?.syncCheckIns).toEqual([
      { conflict: false, payment: 'CASH', result: { kind: 'VALID', paidPence: 1200 } },
    ])
    const [order] = await t.app.services.db.select().from(ticketOrders).where(eq(ticketOrders.id, orderId))
    expect(order!.status).toBe('PAID')
    const [ann] = await t.app.services.db
      .select()
      .from(tickets)
      .where(eq(tickets.code, code('Ann')))
    expect(ann!.checkedInAt!.toISOString()).toBe(at)
  })

  it('an unpaid ticket synced without a payment is a conflict, not let in', async () => {
    const { slug, code } = await unpaidOrder(1)
    const sync = await gql<{ syncCheckIns: { conflict: boolean; result: { kind: string } }[] }>(
      t.app,
      `mutation($e: String!, $s: [OfflineScanInput!]!) { syncCheckIns(eventSlug: $e, scans: $s) { conflict result { kind } } }`,
      { token: ticketAdmin.token, variables: { e: slug, s: [{ code: code('Ann'), at: now.toISOString() }] } },
    )
    expect(sync.body.data?.syncCheckIns).toEqual([{ conflict: true, result: { kind: 'COLLECT' } }])
  })
})

describe('the door’s count and name search', () => {
  it('names the event, counts who is in, finds a ticket by name and checks it in by its id', async () => {
    const { slug, orderId } = await unpaidOrder(2)
    await gql(
      t.app,
      'mutation($o: ID!) { recordTicketPayment(orderId: $o, amountPence: 2400, method: BANK_TRANSFER) { status } }',
      { token: ticketAdmin.token, variables: { o: orderId } },
    )
    const SUMMARY = `query($e: String!, $n: String) { doorSummary(eventSlug: $e, name: $n) {
      eventTitle checkedIn total matches { ticketId attendeeName buyerName status collectPence } } }`
    const summary = async (n: string | null) =>
      (
        await gql<{
          doorSummary: {
            eventTitle: string
            checkedIn: number
            total: number
            matches: { ticketId: string; attendeeName: string; status: string }[]
          }
        }>(t.app, SUMMARY, { token: ticketAdmin.token, variables: { e: slug, n } })
      ).body
    expect((await summary(null)).data?.doorSummary).toMatchObject({ checkedIn: 0, total: 2, matches: [] })
    expect(
      (await gql(t.app, SUMMARY, { token: buyer.token, variables: { e: slug } })).body.errors?.[0]?.extensions
        ?.code,
    ).toBe('FORBIDDEN')
    const found = (await summary('ben')).data!.doorSummary
    expect(found.eventTitle).toBeTruthy()
    expect(found.matches).toEqual([
      {
        ticketId: expect.any(String),
        attendeeName: 'Ben',
        buyerName: 'Bea',
        status: 'VALID',
        collectPence: 0,
      },
    ])
    const byId = await gql<{ checkInTicket: Scan }>(
      t.app,
      `mutation($e: String!, $id: ID!) { checkInTicket(eventSlug: $e, ticketId: $id) { kind attendeeName } }`,
      { token: ticketAdmin.token, variables: { e: slug, id: found.matches[0]!.ticketId } },
    )
    expect(byId.body.data?.checkInTicket).toEqual({ kind: 'VALID', attendeeName: 'Ben' })
    expect((await summary('bea')).data?.doorSummary).toMatchObject({ checkedIn: 1, total: 2 })
    expect((await summary('bea')).data!.doorSummary.matches.map((m) => [m.attendeeName, m.status])).toEqual([
      ['Ann', 'VALID'],
      ['Ben', 'CHECKED_IN'],
    ])
  })
})
