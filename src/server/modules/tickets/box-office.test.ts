import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  ticketOrderLines,
  ticketOrders,
  ticketPayments,
  tickets,
  ticketSales,
  ticketTypes,
} from '#server/db/schema/index.ts'
import { buyTickets } from '#server/testing/buy-tickets.ts'
import { createUser, insertTicketedEvent, type TestUser } from '#server/testing/factories.ts'
import { RACE_NOTE } from '#server/testing/race.ts'
import { eventually, startSmtp, type TestSmtp } from '#server/testing/smtp.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { collect, connected, watchSubscriptions, wsClient } from '#server/testing/ws-client.ts'

// The box office (issue 27, decision 0050): door staff sell walk-ins tickets as one PAID order with
// its payment recorded, checked in at once, the stock taken as the shop takes it; and the door's
// count, live over the socket, moves with every check-in and sale.

let t: TestApp
let smtp: TestSmtp
let url: string
let door: TestUser
let member: TestUser

beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp(
    { SMTP_URL: smtp.url },
    { jobs: { pollMs: 20, baseBackoffMs: 50, maxBackoffMs: 200 } },
  )
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  door = await createUser(t.app, { roles: ['ticketAdmin'], name: 'Dora Door' })
  member = await createUser(t.app, { name: 'Mo Member' })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const SETUP = `mutation($e: String!, $input: TicketSaleInput!) {
  setUpTicketSale(eventSlug: $e, input: $input) { types { id name } } }`
const SELL = `mutation($e: String!, $lines: [BasketLineInput!]!, $m: DoorPaymentMethod!, $name: String,
  $email: String, $in: Boolean) {
  sellAtBoxOffice(eventSlug: $e, lines: $lines, method: $m, buyerName: $name, email: $email, checkIn: $in) {
    orderId reference orderToken amountPence method what checkedIn emailedTo
    tickets { attendeeName typeName status } } }`

interface Sold {
  orderId: string
  reference: string
  orderToken: string
  amountPence: number
  method: string
  what: string
  checkedIn: boolean
  emailedTo: string | null
  tickets: { attendeeName: string; typeName: string; status: string }[]
}

const type = (name: string, pricePence: number, quota: number, extra: Record<string, unknown> = {}) => ({
  name,
  pricePence,
  free: pricePence === 0,
  quota,
  perPersonLimit: 2,
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
  ...extra,
})

/** A sale of Adult £12 (quota `adults`), Child £6, Free and a ballot type, in a hall of `capacity`. */
async function makeSale(options: { adults?: number; capacity?: number } = {}) {
  const { slug, id } = await insertTicketedEvent(t.app, { slugPrefix: 'box', daysAhead: 0.1 })
  const r = await gql<{ setUpTicketSale: { types: { id: string; name: string }[] } }>(t.app, SETUP, {
    token: door.token,
    variables: {
      e: slug,
      input: {
        capacity: options.capacity ?? 50,
        published: true,
        addTypes: [
          type('Adult', 1200, options.adults ?? 20),
          type('Child', 600, 20),
          type('Free', 0, 20),
          type('Ballot seat', 1500, 10, { mode: 'BALLOT' }),
        ],
      },
    },
  })
  expect(r.body.errors).toBeUndefined()
  const ids = Object.fromEntries(r.body.data!.setUpTicketSale.types.map((x) => [x.name, x.id]))
  return {
    slug,
    eventId: id,
    adult: ids.Adult!,
    child: ids.Child!,
    free: ids.Free!,
    ballot: ids['Ballot seat']!,
  }
}

function sell(
  slug: string,
  lines: [string, number][],
  options: { method?: string; name?: string; email?: string; checkIn?: boolean; token?: string } = {},
) {
  return gql<{ sellAtBoxOffice: Sold }>(t.app, SELL, {
    token: options.token ?? door.token,
    variables: {
      e: slug,
      lines: lines.map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })),
      m: options.method ?? 'CASH',
      name: options.name ?? null,
      email: options.email ?? null,
      in: options.checkIn ?? null,
    },
  })
}

const taken = async (typeId: string) =>
  (await t.app.services.db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId)))[0]!.taken
const eventTaken = async (eventId: string) =>
  (await t.app.services.db.select().from(ticketSales).where(eq(ticketSales.eventId, eventId)))[0]!.taken
const ordersOf = (eventId: string) =>
  t.app.services.db.select().from(ticketOrders).where(eq(ticketOrders.eventId, eventId))

describe('the box office', () => {
  it('sells 2 Adult + 1 Child as one PAID order, the payment recorded by the door, checked in', async () => {
    const s = await makeSale()
    const r = await sell(s.slug, [
      [s.adult, 2],
      [s.child, 1],
    ])
    expect(r.body.errors).toBeUndefined()
    const sold = r.body.data!.sellAtBoxOffice
    expect(sold).toMatchObject({
      amountPence: 3000,
      method: 'CASH',
      what: '2 × Adult, 1 × Child',
      checkedIn: true,
      emailedTo: null,
      reference: expect.stringMatching(/^SD-T[0-9A-F]{10}$/),
    })
    expect(sold.tickets).toEqual([
      { attendeeName: 'Walk-in', typeName: 'Adult', status: 'CHECKED_IN' },
      { attendeeName: 'Walk-in', typeName: 'Adult', status: 'CHECKED_IN' },
      { attendeeName: 'Walk-in', typeName: 'Child', status: 'CHECKED_IN' },
    ])
    const db = t.app.services.db
    const [order] = await db.select().from(ticketOrders).where(eq(ticketOrders.id, sold.orderId))
    expect(order).toMatchObject({
      status: 'PAID',
      source: 'BOX_OFFICE',
      quantity: 3,
      amountPence: 3000,
      userId: null,
      email: '',
      buyerName: 'Walk-in',
    })
    const lines = await db.select().from(ticketOrderLines).where(eq(ticketOrderLines.orderId, order!.id))
    expect(lines.map((l) => [l.quantity, l.unitPricePence]).sort()).toEqual([
      [1, 600],
      [2, 1200],
    ])
    const payments = await db.select().from(ticketPayments).where(eq(ticketPayments.orderId, order!.id))
    expect(payments.map((p) => [p.amountPence, p.method, p.recordedBy])).toEqual([[3000, 'CASH', door.id]])
    const rows = await db.select().from(tickets).where(eq(tickets.orderId, order!.id))
    expect(rows.map((x) => [x.status, x.checkedInBy, x.checkedInAt !== null])).toEqual(
      Array(3).fill(['CHECKED_IN', door.id, true]),
    )
    expect([await taken(s.adult), await taken(s.child), await eventTaken(s.eventId)]).toEqual([2, 1, 3])
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tickets.boxOfficeSale'), eq(auditLog.entityId, order!.id)))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actorId: door.id })
    // Its page shows and prints the tickets, as any order's does.
    const page = await gql<{ ticketOrder: { status: string; tickets: { status: string }[] } }>(
      t.app,
      '{ ticketOrder(token: "' + sold.orderToken + '") { status tickets { status } } }',
    )
    expect(page.body.data?.ticketOrder).toEqual({
      status: 'PAID',
      tickets: Array(3).fill({ status: 'CHECKED_IN' }),
    })
  })

  it('leaves the tickets to scan when "check them in now" is off, and takes a card', async () => {
    const s = await makeSale()
    const r = await sell(s.slug, [[s.adult, 1]], { method: 'CARD', name: 'Pat Walker', checkIn: false })
    expect(r.body.data?.sellAtBoxOffice).toMatchObject({
      checkedIn: false,
      method: 'CARD',
      tickets: [{ attendeeName: 'Pat Walker', typeName: 'Adult', status: 'VALID' }],
    })
    const payments = await t.app.services.db
      .select()
      .from(ticketPayments)
      .where(eq(ticketPayments.orderId, r.body.data!.sellAtBoxOffice.orderId))
    expect(payments.map((p) => [p.amountPence, p.method])).toEqual([[1200, 'CARD']])
  })

  it('sells a free type as PAID with nothing taken and no payment row', async () => {
    const s = await makeSale()
    const r = await sell(s.slug, [[s.free, 2]], { method: 'CARD' })
    expect(r.body.errors).toBeUndefined()
    const sold = r.body.data!.sellAtBoxOffice
    expect(sold).toMatchObject({ amountPence: 0, what: '2 × Free', checkedIn: true })
    const [order] = await ordersOf(s.eventId)
    expect(order).toMatchObject({ status: 'PAID', amountPence: 0 })
    const payments = await t.app.services.db
      .select()
      .from(ticketPayments)
      .where(eq(ticketPayments.orderId, sold.orderId))
    expect(payments).toEqual([])
  })

  it('refuses more than is left (CONFLICT) and bad input (VALIDATION at its field), writing nothing', async () => {
    const s = await makeSale({ adults: 3 })
    const tooMany = await sell(s.slug, [
      [s.child, 1],
      [s.adult, 4],
    ])
    expect(tooMany.body.errors?.[0]).toMatchObject({
      message: 'Only 3 Adult tickets are left.',
      extensions: { code: 'CONFLICT' },
    })
    const ballot = await sell(s.slug, [
      [s.adult, 1],
      [s.ballot, 1],
    ])
    expect(ballot.body.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION',
      fields: [{ path: 'lines.1.quantity', message: expect.stringContaining('allocated by ballot') }],
    })
    const badEmail = await sell(s.slug, [[s.adult, 1]], { email: 'not-an-address' })
    expect(badEmail.body.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION',
      fields: [{ path: 'email', message: 'Give an email address, or leave it empty.' }],
    })
    const nothing = await sell(s.slug, [[s.adult, 0]])
    expect(nothing.body.errors?.[0]).toMatchObject({
      message: 'Choose at least one ticket.',
      extensions: { code: 'VALIDATION' },
    })
    const otherEvent = await makeSale()
    const foreign = await sell(s.slug, [[otherEvent.adult, 1]])
    expect(foreign.body.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION',
      fields: [{ path: 'lines.0.quantity' }],
    })
    expect(await ordersOf(s.eventId)).toEqual([])
    expect([await taken(s.adult), await taken(s.child), await eventTaken(s.eventId)]).toEqual([0, 0, 0])
  })

  it('counts held checkouts as taken: the box office never sells stock the shop is holding', async () => {
    const s = await makeSale({ adults: 2 })
    const held = await gql(
      t.app,
      `mutation($e: String!, $t: ID!) { holdTickets(eventSlug: $e, lines: [{ ticketTypeId: $t, quantity: 2 }], email: "h@example.test") { claimToken } }`,
      { variables: { e: s.slug, t: s.adult } },
    )
    expect(held.body.errors).toBeUndefined()
    const r = await sell(s.slug, [[s.adult, 1]])
    expect(r.body.errors?.[0]).toMatchObject({
      message: 'Adult is sold out.',
      extensions: { code: 'CONFLICT' },
    })
  })

  it(`sells the last ticket once when two doors race for it (${RACE_NOTE})`, async () => {
    const s = await makeSale({ adults: 1 })
    const results = await Promise.all([sell(s.slug, [[s.adult, 1]]), sell(s.slug, [[s.adult, 1]])])
    const ok = results.filter((r) => !r.body.errors)
    const refused = results.filter((r) => r.body.errors)
    expect(ok).toHaveLength(1)
    expect(refused).toHaveLength(1)
    expect(refused[0]!.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    expect(refused[0]!.body.errors?.[0]?.message).toMatch(
      /Adult is sold out\.|the last Adult tickets have just gone/,
    )
    expect(await taken(s.adult)).toBe(1)
    const orders = await ordersOf(s.eventId)
    expect(orders.map((o) => o.status)).toEqual(['PAID'])
    const payments = await t.app.services.db
      .select()
      .from(ticketPayments)
      .where(eq(ticketPayments.orderId, orders[0]!.id))
    expect(payments).toHaveLength(1)
  })

  it('respects the event’s capacity across types, racing too', async () => {
    const s = await makeSale({ capacity: 3 })
    const results = await Promise.all([
      sell(s.slug, [[s.adult, 2]]),
      sell(s.slug, [[s.child, 2]]),
      sell(s.slug, [[s.free, 2]]),
    ])
    expect(results.filter((r) => !r.body.errors)).toHaveLength(1)
    expect(await eventTaken(s.eventId)).toBe(2)
  })

  it('sells after the online sale closed and sells hidden types (decision 0050)', async () => {
    const s = await makeSale()
    await t.app.services.db
      .update(ticketTypes)
      .set({ saleEndsAt: new Date(Date.now() - 3_600_000), hidden: true })
      .where(eq(ticketTypes.id, s.adult))
    const shop = await gql(
      t.app,
      `mutation($e: String!, $t: ID!) { holdTickets(eventSlug: $e, lines: [{ ticketTypeId: $t, quantity: 1 }], email: "late@example.test") { claimToken } }`,
      {
        variables: { e: s.slug, t: s.adult },
      },
    )
    expect(shop.body.errors?.[0]).toBeDefined()
    const office = await gql<{
      boxOffice: { types: { name: string; sellable: boolean; notes: string[] }[] }
    }>(t.app, `{ boxOffice(eventSlug: "${s.slug}") { types { name sellable notes left } } }`, {
      token: door.token,
    })
    expect(office.body.data?.boxOffice.types.find((x) => x.name === 'Adult')).toMatchObject({
      sellable: true,
      notes: ['Not in the online shop', 'Online sale closed'],
    })
    expect(office.body.data?.boxOffice.types.find((x) => x.name === 'Ballot seat')?.sellable).toBe(false)
    expect((await sell(s.slug, [[s.adult, 1]])).body.errors).toBeUndefined()
  })

  it('is for door staff only', async () => {
    const s = await makeSale()
    expect(
      (await sell(s.slug, [[s.adult, 1]], { token: member.token })).body.errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN')
    const anonymous = await gql(t.app, SELL, {
      variables: { e: s.slug, lines: [{ ticketTypeId: s.adult, quantity: 1 }], m: 'CASH' },
    })
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED')
    expect(await ordersOf(s.eventId)).toEqual([])
  })

  it('emails the tickets when an address is given (the order email)', async () => {
    const s = await makeSale()
    const to = `walk-in-${s.slug}@example.test`
    const r = await sell(
      s.slug,
      [
        [s.adult, 1],
        [s.child, 1],
      ],
      { email: to, name: 'Wendy Walker', checkIn: false },
    )
    expect(r.body.data?.sellAtBoxOffice.emailedTo).toBe(to)
    const mail = await eventually(async () => smtp.received.find((m) => m.envelopeTo.includes(to)))
    expect(mail.subject).toMatch(/^Your tickets for /)
    expect(mail.text).toContain(r.body.data!.sellAtBoxOffice.reference)
    expect(mail.text).toContain('Paid in full: £18.00.')
    expect(mail.text).toContain(`/tickets/order/${r.body.data!.sellAtBoxOffice.orderToken}`)
    expect(mail.attachments.filter((a) => a.mimeType === 'application/pdf')).toHaveLength(2)
  })
})

describe('the door’s live count', () => {
  type Count = { doorCountChanged: { eventSlug: string; checkedIn: number; total: number } }
  const subscription = (slug: string) =>
    `subscription { doorCountChanged(eventSlug: "${slug}") { eventSlug checkedIn total } }`

  it('sends the count, then again within a second of a check-in or a box-office sale', async () => {
    const s = await makeSale()
    const bought = await buyTickets(t.app, {
      token: member.token,
      eventSlug: s.slug,
      ticketTypeId: s.free,
      quantity: 2,
      buyerName: 'Mo',
      email: 'mo@example.test',
      attendeeNames: ['Mo', 'Jo'],
    })
    expect(bought.body.errors).toBeUndefined()
    const [ticket] = await t.app.services.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, bought.body.data!.order.orderId))
    const subscriptions = watchSubscriptions(t.app.services.bus)
    const client = wsClient(url, door.token)
    try {
      const counts = collect<Count>(client, subscription(s.slug))
      await connected(client)
      await subscriptions.registered('DOOR_COUNT_CHANGED')
      subscriptions.stop()
      expect((await counts.next(1))[0]).toEqual({
        doorCountChanged: { eventSlug: s.slug, checkedIn: 0, total: 2 },
      })
      // Another event's door moving is not this door's.
      const other = await makeSale()
      expect((await sell(other.slug, [[other.adult, 1]])).body.errors).toBeUndefined()

      const scanned = Date.now()
      const scan = await gql(
        t.app,
        `mutation { checkInTicket(eventSlug: "${s.slug}", code: "${ticket!.code}") { kind } }`,
        { token: door.token },
      )
      expect(scan.body.data).toEqual({ checkInTicket: { kind: 'VALID' } })
      expect((await counts.next(2, 1000))[1]).toEqual({
        doorCountChanged: { eventSlug: s.slug, checkedIn: 1, total: 2 },
      })
      expect(Date.now() - scanned).toBeLessThan(1000)

      const sold = Date.now()
      expect((await sell(s.slug, [[s.adult, 2]])).body.errors).toBeUndefined()
      expect((await counts.next(3, 1000))[2]).toEqual({
        doorCountChanged: { eventSlug: s.slug, checkedIn: 3, total: 4 },
      })
      expect(Date.now() - sold).toBeLessThan(1000)
      expect(counts.results).toHaveLength(3)
      expect(counts.errors).toEqual([])
    } finally {
      await client.dispose()
    }
  })

  it('is refused to members without the door’s permission', async () => {
    const s = await makeSale()
    const client = wsClient(url, member.token)
    try {
      const counts = collect<Count>(client, subscription(s.slug))
      await connected(client)
      await expect(counts.next(1, 3000)).rejects.toThrow(/FORBIDDEN|permission/)
    } finally {
      await client.dispose()
    }
  })
})
