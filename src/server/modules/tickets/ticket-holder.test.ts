import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox, ticketOrders, tickets, ticketTypes } from '#server/db/schema/index.ts'
import { checkedInWords } from './ticket-pdf.ts'
import { createUser, type TestUser, insertTicketedEvent } from '#server/testing/factories.ts'
import { buyTickets } from '#server/testing/buy-tickets.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// Transfer and self-service cancellation (decision 0022): the code is the authority, the old QR dies,
// a refund is never more than was paid.

const DAY = 86_400_000
let t: TestApp
let now = new Date('2027-04-01T12:00:00Z')
let ticketAdmin: TestUser
let buyer: TestUser
let friend: TestUser

beforeAll(async () => {
  t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false, clock: () => now })
  ticketAdmin = await createUser(t.app, { roles: ['ticketAdmin'], name: 'Tess Tickets' })
  buyer = await createUser(t.app, { name: 'Bea Buyer' })
  friend = await createUser(t.app, { name: 'Fred Friend' })
})
afterAll(async () => t?.close())

const SETUP = `mutation($e: String!, $input: TicketSaleInput!) {
  setUpTicketSale(eventSlug: $e, input: $input) { types { id } } }`
const MINE = '{ myTickets { code attendeeName eventSlug } }'
const TRANSFER = `mutation($c: String!, $n: String!, $m: String!) { transferTicket(code: $c, toName: $n, toEmail: $m) }`
const CANCEL = 'mutation($c: String!) { cancelTicket(code: $c) }'
const PAY = `mutation($o: ID!, $a: Int!) {
  recordTicketPayment(orderId: $o, amountPence: $a, method: BANK_TRANSFER) { status paidPence refundDuePence } }`
const CHECK_IN = `mutation($e: String!, $c: String!) { checkInTicket(eventSlug: $e, code: $c) { kind } }`

/** A sale and Bea's order of two £10 tickets by bank transfer; `paid`: the transfer was recorded. */
async function makeSale({ paid = false } = {}) {
  const { slug } = await insertTicketedEvent(t.app, { slugPrefix: 'hold', from: now })
  const type = {
    name: 'Adult',
    pricePence: 1000,
    quota: 2,
    perPersonLimit: 2,
    audience: 'PUBLIC',
    mode: 'FIRST_COME',
  }
  const r = await gql<{ setUpTicketSale: { types: { id: string }[] } }>(t.app, SETUP, {
    token: ticketAdmin.token,
    variables: { e: slug, input: { capacity: 10, published: true, addTypes: [type] } },
  })
  const typeId = r.body.data!.setUpTicketSale.types[0]!.id
  const bought = await buyTickets(t.app, {
    token: buyer.token,
    eventSlug: slug,
    ticketTypeId: typeId,
    quantity: 2,
    buyerName: 'Bea',
    email: 'ignored@example.test',
    attendeeNames: ['Bea', 'Guest'],
    payment: 'BANK_TRANSFER',
  })
  expect(bought.body.errors).toBeUndefined()
  const mine = await gql<{ myTickets: { code: string; eventSlug: string }[] }>(t.app, MINE, {
    token: buyer.token,
  })
  const codes = mine.body.data!.myTickets.filter((x) => x.eventSlug === slug).map((x) => x.code)
  const orderId = bought.body.data!.order.orderId
  if (paid) await gql(t.app, PAY, { token: ticketAdmin.token, variables: { o: orderId, a: 2000 } })
  return { slug, typeId, orderId, codes }
}

const codesOf = async (who: TestUser, slug: string) =>
  (await gql<{ myTickets: { code: string; eventSlug: string }[] }>(t.app, MINE, { token: who.token })).body
    .data!.myTickets.filter((x) => x.eventSlug === slug)
    .map((x) => x.code)

describe('transfer', () => {
  it('the new holder gets the ticket with a new code; the old QR stops working', async () => {
    const { slug, codes } = await makeSale({ paid: true })
    const old = codes[0]!
    const bad = await gql(t.app, TRANSFER, { variables: { c: old, n: 'Fred', m: 'not-an-email' } })
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const pdf = await t.app.inject({ method: 'GET', url: `/api/tickets/${old}.pdf` })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const r = await gql(t.app, TRANSFER, { variables: { c: old, n: 'Fred Friend', m: friend.email } })
    expect(r.body.data).toEqual({ transferTicket: 'Fred Friend' })

    const [friendCode] = await codesOf(friend, slug)
    expect(friendCode).toMatch(/^SD1-/)
    expect(friendCode).not.toBe(old)
    expect(await codesOf(buyer, slug)).toEqual([codes[1]])
    const [mail] = await t.app.services.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, friend.email), eq(outbox.template, 'tickets.transferred')))
    expect(mail!.text).toContain(friendCode)

    const door = (code: string) =>
      gql(t.app, CHECK_IN, { token: ticketAdmin.token, variables: { e: slug, c: code } })
    expect((await door(old)).body.data).toEqual({ checkInTicket: { kind: 'UNKNOWN' } })
    expect((await t.app.inject({ method: 'GET', url: `/api/tickets/${old}.pdf` })).statusCode).toBe(404)
    expect((await gql(t.app, '{ ticketByCode(code: "' + old + '") { code } }')).body.data).toEqual({
      ticketByCode: null,
    })
    // The old code cannot transfer it again either.
    const again = await gql(t.app, TRANSFER, { variables: { c: old, n: 'X', m: 'x@example.test' } })
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    expect((await door(friendCode!)).body.data).toEqual({ checkInTicket: { kind: 'VALID' } })
    const used = await gql(t.app, TRANSFER, { variables: { c: friendCode, n: 'X', m: 'x@example.test' } })
    expect(used.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
  })
})

describe('the transfer email names the giver (issue 27)', () => {
  it('the buyer passing on their guest’s ticket, then the guest passing it on', async () => {
    const { slug } = await makeSale()
    const mine = await gql<{ myTickets: { code: string; attendeeName: string; eventSlug: string }[] }>(
      t.app,
      MINE,
      { token: buyer.token },
    )
    const guest = mine.body.data!.myTickets.find((x) => x.eventSlug === slug && x.attendeeName === 'Guest')!
    const mailTo = async (to: string) =>
      (
        await t.app.services.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.to, to), eq(outbox.template, 'tickets.transferred')))
      ).map((m) => m.text)
    // The ticket already bore the guest's name: the email names Bea, who bought it, not the guest.
    await gql(t.app, TRANSFER, { variables: { c: guest.code, n: 'Guest', m: 'guest@example.test' } })
    const [first] = await mailTo('guest@example.test')
    expect(first).toContain('Bea has passed you their Adult ticket')
    const [held] = await t.app.services.db
      .select({ code: tickets.code })
      .from(tickets)
      .where(eq(tickets.holderEmail, 'guest@example.test'))
    await gql(t.app, TRANSFER, { variables: { c: held!.code, n: 'Kim Friend', m: 'kim@example.test' } })
    const [second] = await mailTo('kim@example.test')
    expect(second).toContain('Guest has passed you their Adult ticket')
  })
})

describe('a ticket used at the door (issue 27)', () => {
  it('keeps its page, which says when it was checked in, and its PDF', async () => {
    const { slug, codes } = await makeSale({ paid: true })
    const door = await gql(t.app, CHECK_IN, { token: ticketAdmin.token, variables: { e: slug, c: codes[0] } })
    expect(door.body.data).toEqual({ checkInTicket: { kind: 'VALID' } })
    const page = await gql(
      t.app,
      `{ ticketByCode(code: "${codes[0]}") { status checkedInAt viewerCan { cancel transfer } } }`,
    )
    expect(page.body.data).toEqual({
      ticketByCode: {
        status: 'CHECKED_IN',
        checkedInAt: now.toISOString(),
        viewerCan: { cancel: false, transfer: false },
      },
    })
    const pdf = await t.app.inject({ method: 'GET', url: `/api/tickets/${codes[0]}.pdf` })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    // The PDF prints the time on the society's clocks (British Summer Time here).
    expect(checkedInWords(new Date('2027-04-01T18:02:00Z'), 'Europe/London')).toBe(
      'Checked in at 19:02, Thu 1 Apr 2027',
    )
  })
})

describe('a typed name in the new holder’s inbox (issue 26, finding 11)', () => {
  it('caps the name, and the email shows it on one line and never as a link', async () => {
    const { codes } = await makeSale()
    const long = await gql(t.app, TRANSFER, {
      variables: { c: codes[0], n: 'x'.repeat(81), m: 'victim@example.test' },
    })
    expect(long.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' })
    const evil = 'Click https://evil.example/login\n\nand www.evil.example or me@evil.example'
    const r = await gql(t.app, TRANSFER, { variables: { c: codes[0], n: evil, m: 'victim@example.test' } })
    expect(r.body.errors).toBeUndefined()
    const [mail] = await t.app.services.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'victim@example.test'), eq(outbox.template, 'tickets.transferred')))
    const greeting = mail!.text.split('\n')[0]
    expect(greeting).toBe(
      'Hello Click https[:]//evil[.]example/login and www[.]evil[.]example or me[@]evil[.]example,',
    )
    // Only the app's own links are links: nothing the sender typed.
    const linkable = mail!.text.match(/https?:\/\/\S+|www\.\S+|[\w.+-]+@[\w-]+|[\w-]+\.example\b/g) ?? []
    expect(linkable.filter((link) => !link.startsWith(t.config.appUrl))).toEqual([])
    expect(mail!.html ?? '').not.toContain('evil.example')
  })
})

describe('cancel and refund', () => {
  it('gives the place back, owes back what was paid beyond the cost, and never refunds more than was paid', async () => {
    const { typeId, orderId, codes } = await makeSale()
    const pay = (a: number) => gql(t.app, PAY, { token: ticketAdmin.token, variables: { o: orderId, a } })
    expect((await pay(2000)).body.data?.recordTicketPayment).toMatchObject({ status: 'PAID' })

    const r = await gql(t.app, CANCEL, { variables: { c: codes[0] } })
    expect(r.body.data).toEqual({ cancelTicket: 1000 })
    const [type] = await t.app.services.db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId))
    expect(type!.taken).toBe(1)
    const [order] = await t.app.services.db.select().from(ticketOrders).where(eq(ticketOrders.id, orderId))
    expect(order).toMatchObject({ quantity: 1, amountPence: 1000, status: 'PAID' })
    expect(
      (await gql(t.app, CANCEL, { variables: { c: codes[0] } })).body.errors?.[0]?.extensions?.code,
    ).toBe('NOT_FOUND')

    expect((await pay(-2500)).body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    expect((await pay(500)).body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    expect((await pay(-1000)).body.data?.recordTicketPayment).toMatchObject({
      status: 'PAID',
      paidPence: 1000,
      refundDuePence: 0,
    })

    // The last ticket: the order is cancelled, and all that was paid is due back.
    expect((await gql(t.app, CANCEL, { variables: { c: codes[1] } })).body.data).toEqual({
      cancelTicket: 1000,
    })
    expect((await pay(-1000)).body.data?.recordTicketPayment).toMatchObject({
      status: 'CANCELLED',
      paidPence: 0,
    })
    expect((await pay(-1)).body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const voided = await t.app.services.db.select().from(tickets).where(eq(tickets.orderId, orderId))
    expect(voided.map((x) => x.status)).toEqual(['VOID', 'VOID'])
  })

  it('is refused within 24 hours of the event and for a used ticket', async () => {
    const { slug, codes } = await makeSale({ paid: true })
    await gql(t.app, CHECK_IN, { token: ticketAdmin.token, variables: { e: slug, c: codes[0] } })
    const used = await gql(t.app, CANCEL, { variables: { c: codes[0] } })
    expect(used.body.errors?.[0]?.message).toMatch(/used at the door/)
    now = new Date(now.getTime() + 9.5 * DAY)
    const late = await gql(t.app, CANCEL, { variables: { c: codes[1] } })
    expect(late.body.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' } })
    expect(late.body.errors?.[0]?.message).toMatch(/24 hours before/)
    now = new Date(now.getTime() - 9.5 * DAY)
  })
})

describe('offline check-in', () => {
  const LIST = `query($e: String!) { doorList(eventSlug: $e) { entries { hash attendeeName checkedInAt } } }`
  const SYNC = `mutation($e: String!, $s: [OfflineScanInput!]!) {
    syncCheckIns(eventSlug: $e, scans: $s) { code at conflict result { kind at } } }`

  it('downloads hashed codes, and a sync reports the ticket another door let in first', async () => {
    const { slug, codes } = await makeSale({ paid: true })
    expect(
      (await gql(t.app, LIST, { token: buyer.token, variables: { e: slug } })).body.errors?.[0],
    ).toMatchObject({
      extensions: { code: 'FORBIDDEN' },
    })
    const list = await gql<{ doorList: { entries: { hash: string }[] } }>(t.app, LIST, {
      token: ticketAdmin.token,
      variables: { e: slug },
    })
    const hashes = list.body.data!.doorList.entries.map((e) => e.hash).sort()
    expect(hashes).toEqual(codes.map((c) => createHash('sha256').update(c).digest('hex')).sort())
    expect(JSON.stringify(list.body)).not.toContain(codes[0]!)

    // Door A is online and lets the first ticket in; door B was offline and let both in.
    await gql(t.app, CHECK_IN, { token: ticketAdmin.token, variables: { e: slug, c: codes[0] } })
    const offlineAt = new Date(now.getTime() - 60_000).toISOString()
    const sync = await gql<{
      syncCheckIns: { code: string; at: string; conflict: boolean; result: { kind: string } }[]
    }>(t.app, SYNC, {
      token: ticketAdmin.token,
      variables: { e: slug, s: codes.map((code) => ({ code, at: offlineAt })) },
    })
    expect(sync.body.errors).toBeUndefined()
    const byCode = new Map(sync.body.data!.syncCheckIns.map((s) => [s.code, s]))
    expect(byCode.get(codes[0]!)).toMatchObject({ conflict: true, result: { kind: 'ALREADY_USED' } })
    expect(byCode.get(codes[1]!)).toMatchObject({ conflict: false, result: { kind: 'VALID' } })
    const [row] = await t.app.services.db.select().from(tickets).where(eq(tickets.code, codes[1]!))
    expect(row!.checkedInAt!.toISOString()).toBe(offlineAt)
  })
})
