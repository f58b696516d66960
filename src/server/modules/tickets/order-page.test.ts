import { eq } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '#server/db/schema/index.ts'
import { createUser, insertTicketedEvent, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// An order's own page (decision 0048): its secret token is the key; the whole order prints as one
// PDF, a page per live ticket; the order email links to it.

let t: TestApp
const now = new Date('2027-03-01T12:00:00Z')
let ticketAdmin: TestUser
let member: TestUser

beforeAll(async () => {
  t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false, clock: () => now })
  ticketAdmin = await createUser(t.app, { roles: ['ticketAdmin'], name: 'Tess Tickets' })
  member = await createUser(t.app, { name: 'Olive Order' })
})
afterAll(async () => t?.close())

const SETUP = `mutation($e: String!, $input: TicketSaleInput!) {
  setUpTicketSale(eventSlug: $e, input: $input) { types { id name } } }`
const HOLD = `mutation($e: String!, $lines: [BasketLineInput!]!, $email: String!) {
  holdTickets(eventSlug: $e, lines: $lines, email: $email) { claimToken } }`
const CONFIRM = `mutation($c: String!, $names: [String!]!) {
  confirmTicketOrder(claimToken: $c, buyerName: "Olive Order", attendeeNames: $names, payment: BANK_TRANSFER) {
    orderToken reference } }`
const ORDER = `query($token: String!) { ticketOrder(token: $token) {
  reference status payment soldPence paidPence outstandingPence event { slug title }
  bankTransfer { reference }
  tickets { attendeeName typeName status passedOn ticket { code viewerCan { cancel transfer } } } } }`

const type = (name: string, pricePence: number) => ({
  name,
  info: '',
  pricePence,
  quota: 50,
  perPersonLimit: 4,
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
})

/** A sale with Adult £12 and Concession £8, and a member's order of 2 adults and 1 concession. */
async function placeOrder() {
  const { slug } = await insertTicketedEvent(t.app, { slugPrefix: 'op', from: now, daysAhead: 30 })
  const sale = await gql<{ setUpTicketSale: { types: { id: string }[] } }>(t.app, SETUP, {
    token: ticketAdmin.token,
    variables: {
      e: slug,
      input: { capacity: 100, published: true, addTypes: [type('Adult', 1200), type('Concession', 800)] },
    },
  })
  const [adult, concession] = sale.body.data!.setUpTicketSale.types.map((x) => x.id)
  const held = await gql<{ holdTickets: { claimToken: string } }>(t.app, HOLD, {
    token: member.token,
    variables: {
      e: slug,
      lines: [
        { ticketTypeId: adult, quantity: 2 },
        { ticketTypeId: concession, quantity: 1 },
      ],
      email: member.email,
    },
  })
  expect(held.body.errors).toBeUndefined()
  const ok = await gql<{ confirmTicketOrder: { orderToken: string; reference: string } }>(t.app, CONFIRM, {
    token: member.token,
    variables: { c: held.body.data!.holdTickets.claimToken, names: ['Ann', 'Ben', 'Cal'] },
  })
  expect(ok.body.errors).toBeUndefined()
  return { slug, ...ok.body.data!.confirmTicketOrder }
}

interface OrderPage {
  reference: string
  status: string
  payment: string
  soldPence: number
  paidPence: number
  outstandingPence: number
  event: { slug: string; title: string }
  bankTransfer: { reference: string } | null
  tickets: {
    attendeeName: string
    typeName: string
    status: string
    passedOn: boolean
    ticket: { code: string; viewerCan: { cancel: boolean; transfer: boolean } } | null
  }[]
}

const orderPage = (token: string) => gql<{ ticketOrder: OrderPage }>(t.app, ORDER, { variables: { token } })

describe('the order page', () => {
  it('shows the order to whoever holds its token, signed out, and NOT_FOUND for any other token', async () => {
    const { slug, orderToken, reference } = await placeOrder()
    const r = await orderPage(orderToken)
    expect(r.body.errors).toBeUndefined()
    const order = r.body.data!.ticketOrder
    expect(order).toMatchObject({
      reference,
      status: 'AWAITING_PAYMENT',
      payment: 'BANK_TRANSFER',
      soldPence: 3200,
      paidPence: 0,
      outstandingPence: 3200,
      event: { slug },
      bankTransfer: { reference },
    })
    expect(order.tickets.map((x) => [x.attendeeName, x.typeName, x.status])).toEqual([
      ['Ann', 'Adult', 'VALID'],
      ['Ben', 'Adult', 'VALID'],
      ['Cal', 'Concession', 'VALID'],
    ])
    expect(order.tickets.every((x) => x.ticket?.viewerCan.cancel && x.ticket.viewerCan.transfer)).toBe(true)

    for (const wrong of [`${orderToken.slice(0, -1)}x`, 'nope', 'a'.repeat(24)]) {
      const bad = await orderPage(wrong)
      expect(bad.body.data?.ticketOrder ?? null).toBeNull()
      expect(bad.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
      expect(bad.body.errors?.[0]?.message).toBe('This order link is not valid.')
    }
  })

  it('prints every live ticket of the order in one PDF, a page each, and gives the event as .ics', async () => {
    const { orderToken } = await placeOrder()
    const pdf = await t.app.inject({ method: 'GET', url: `/api/tickets/order/${orderToken}.pdf` })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(3)

    // A cancelled ticket leaves the PDF: two pages.
    const cal = (await orderPage(orderToken)).body.data!.ticketOrder.tickets.find(
      (x) => x.attendeeName === 'Cal',
    )!
    const cancel = await gql(t.app, `mutation($c: String!) { cancelTicket(code: $c) }`, {
      variables: { c: cal.ticket!.code },
    })
    expect(cancel.body.errors).toBeUndefined()
    const after = await t.app.inject({ method: 'GET', url: `/api/tickets/order/${orderToken}.pdf` })
    expect((await PDFDocument.load(after.rawPayload)).getPageCount()).toBe(2)
    const page = (await orderPage(orderToken)).body.data!.ticketOrder
    expect(page.tickets.find((x) => x.attendeeName === 'Cal')).toMatchObject({ status: 'VOID', ticket: null })
    expect(page).toMatchObject({ soldPence: 2400, outstandingPence: 2400 })

    const ics = await t.app.inject({ method: 'GET', url: `/api/tickets/order/${orderToken}.ics` })
    expect(ics.statusCode).toBe(200)
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(ics.body).toContain('BEGIN:VEVENT')
    expect(ics.body.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    expect(ics.body).toContain(`SUMMARY:${page.event.title}`)

    for (const url of [`/api/tickets/order/${orderToken}x.pdf`, `/api/tickets/order/${orderToken}.txt`]) {
      const bad = await t.app.inject({ method: 'GET', url })
      expect(bad.statusCode).toBe(404)
      expect(bad.json()).toMatchObject({
        error: { code: 'NOT_FOUND', message: 'This order link is not valid.' },
      })
    }
  })

  it('the order email links to the order page', async () => {
    const { orderToken, reference } = await placeOrder()
    const mails = await t.app.services.db.select().from(outbox).where(eq(outbox.to, member.email))
    const mail = mails.find((m) => m.text.includes(reference))
    expect(mail?.text).toContain(`${t.app.services.config.appUrl}/tickets/order/${orderToken}`)
  })
})
