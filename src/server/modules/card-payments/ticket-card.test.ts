import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  cardCheckouts,
  jobs,
  outbox,
  ticketOrders,
  ticketPayments,
  tickets,
  ticketTypes,
  ticketVouchers,
} from '#server/db/schema/index.ts'
import { systemContext } from '#server/context.ts'
import { releaseOrder } from '#server/modules/tickets/release-order.ts'
import { createUser, insertTicketedEvent, type TestUser } from '#server/testing/factories.ts'
import { eventually, startSmtp, type TestSmtp } from '#server/testing/smtp.ts'
import { startStripeStandIn, type StripeStandIn } from '#server/testing/stripe-stand-in.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// Ticket orders by card (issue 28, decision 0054): a held basket is paid on Stripe's page (the
// stand-in), recorded only from Stripe's word, released when the page expires, refunded through
// Stripe. The clock is the test's (it starts at the real time, so the database's agrees); the jobs
// run when the test moves it past their time. Mail goes to a real SMTP server.

const MINUTE = 60_000
let now = new Date()
let t: TestApp
let smtp: TestSmtp
let stripe: StripeStandIn
let ticketAdmin: TestUser
let member: TestUser

beforeAll(async () => {
  smtp = await startSmtp()
  stripe = await startStripeStandIn()
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      ...stripe.env,
    },
    { startJobs: false, clock: () => now },
  )
  ticketAdmin = await createUser(t.app, { roles: ['ticketAdmin'], name: 'Tia Tickets' })
  member = await createUser(t.app, { name: 'Mia Member' })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await smtp?.close()
  await stripe?.close()
})

/** Run every job due by the test's clock (the queue compares with the database's). */
async function runJobs() {
  const { db, queue } = t.app.services
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
const travel = async (ms: number) => {
  now = new Date(now.getTime() + ms)
  await runJobs()
}

const WEBHOOK = '/api/payments/stripe/webhook'
const deliver = (event: { payload: string; signature?: string }) =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json',
      ...(event.signature ? { 'stripe-signature': event.signature } : {}),
    },
    payload: event.payload,
  })

const SETUP = `mutation($e: String!, $input: TicketSaleInput!) {
  setUpTicketSale(eventSlug: $e, input: $input) { types { id } } }`
const VOUCHER = `mutation($e: String!, $input: TicketVoucherInput!) { createTicketVoucher(eventSlug: $e, input: $input) { id } }`
const HOLD = `mutation($e: String!, $lines: [BasketLineInput!]!, $email: String!, $code: String) {
  holdTickets(eventSlug: $e, lines: $lines, email: $email, voucherCode: $code) { claimToken amountPence payByCard } }`
const START = `mutation($c: String!, $names: [String!]!) {
  startTicketCardCheckout(claimToken: $c, buyerName: "Bea Buyer", attendeeNames: $names) { id url } }`
const CONFIRM = `mutation($c: String!, $names: [String!]!, $p: TicketPayment!) {
  confirmTicketOrder(claimToken: $c, buyerName: "Bea Buyer", attendeeNames: $names, payment: $p) { status } }`
const ORDER_PAGE = `query($k: String!) { ticketOrder(token: $k) { status payment paidPence tickets { attendeeName } } }`
const CARD_STATUS = `query($k: String!) { ticketOrderCardPayment(token: $k) }`
const REFUND = `mutation($o: ID!, $a: Int!, $c: Boolean!) {
  refundTicketOrderByCard(orderId: $o, amountPence: $a, cancelOrder: $c) { status paidPence cardRefundablePence payments { amountPence method reference } } }`

const type = (name: string, pricePence: number) => ({
  name,
  info: '',
  pricePence,
  quota: 10,
  perPersonLimit: 10,
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
})

/** A sale of Adult £12 and Concession £7.99 with the code FRIENDS10 (10 % off). */
async function makeSale() {
  const event = await insertTicketedEvent(t.app, { slugPrefix: 'card', from: now, daysAhead: 30 })
  const r = await gql<{ setUpTicketSale: { types: { id: string }[] } }>(t.app, SETUP, {
    token: ticketAdmin.token,
    variables: {
      e: event.slug,
      input: { capacity: 100, published: true, addTypes: [type('Adult', 1200), type('Concession', 799)] },
    },
  })
  expect(r.body.errors).toBeUndefined()
  const [adult, conc] = r.body.data!.setUpTicketSale.types.map((x) => x.id)
  const v = await gql(t.app, VOUCHER, {
    token: ticketAdmin.token,
    variables: { e: event.slug, input: { code: 'FRIENDS10', kind: 'PERCENT', amount: 10 } },
  })
  expect(v.body.errors).toBeUndefined()
  return { slug: event.slug, title: event.title, adult: adult!, conc: conc! }
}

type Sale = Awaited<ReturnType<typeof makeSale>>

/** Hold 2 Adult + 1 Concession (with FRIENDS10 unless told not to) and start paying by card. */
async function startCard(sale: Sale, opts: { token?: string; email?: string; code?: string | null } = {}) {
  const held = await gql<{ holdTickets: { claimToken: string; amountPence: number; payByCard: boolean } }>(
    t.app,
    HOLD,
    {
      token: opts.token,
      variables: {
        e: sale.slug,
        email: opts.email ?? 'bea@example.test',
        code: opts.code === undefined ? 'FRIENDS10' : opts.code,
        lines: [
          { ticketTypeId: sale.adult, quantity: 2 },
          { ticketTypeId: sale.conc, quantity: 1 },
        ],
      },
    },
  )
  expect(held.body.errors).toBeUndefined()
  const claimToken = held.body.data!.holdTickets.claimToken
  const started = await gql<{ startTicketCardCheckout: { id: string; url: string } }>(t.app, START, {
    token: opts.token,
    variables: { c: claimToken, names: ['Al', 'Bo', 'Cy'] },
  })
  expect(started.body.errors).toBeUndefined()
  const { id, url } = started.body.data!.startTicketCardCheckout
  const [order] = await t.app.services.db
    .select()
    .from(ticketOrders)
    .where(eq(ticketOrders.claimToken, claimToken))
  return { claimToken, id, url, order: order!, held: held.body.data!.holdTickets }
}

const orderRow = async (id: string) =>
  (await t.app.services.db.select().from(ticketOrders).where(eq(ticketOrders.id, id)))[0]!
const ledger = (orderId: string) =>
  t.app.services.db.select().from(ticketPayments).where(eq(ticketPayments.orderId, orderId))
const taken = async (typeId: string) =>
  (await t.app.services.db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId)))[0]!.taken
const issued = async (orderId: string) =>
  t.app.services.db.select().from(tickets).where(eq(tickets.orderId, orderId))
/** The mails of one template about this order (each names the order's reference). */
const orderMails = async (orderId: string, template: string) => {
  const order = await orderRow(orderId)
  const rows = await t.app.services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, order.email), eq(outbox.template, template)))
  return rows.filter((m) => m.text.includes(order.reference))
}

describe('starting a card payment for a held basket', () => {
  it('charges the order’s own amount, voucher applied, and keeps the hold until the card page expires', async () => {
    const sale = await makeSale()
    const { id, url, order, held } = await startCard(sale, { token: member.token })
    expect(held.payByCard).toBe(true)
    // £31.99 less 10 % = £28.79, shared over the lines by what each cost.
    expect(held.amountPence).toBe(2879)
    expect(url).toBe(`${stripe.url}/pay/${id}`)
    const call = stripe.calls.findLast((c) => c.path === '/v1/checkout/sessions')!
    expect(call.body['line_items[0][price_data][unit_amount]']).toBe('2160')
    expect(call.body['line_items[1][price_data][unit_amount]']).toBe('719')
    expect(call.body['metadata[purpose]']).toBe('TICKET_ORDER')
    expect(call.body['metadata[order_id]']).toBe(order.id)
    expect(call.body.customer_email).toBe(member.email)
    expect(call.body.success_url).toBe(
      `http://localhost:3000/tickets/order/${order.orderToken}?session={CHECKOUT_SESSION_ID}`,
    )
    const [row] = await t.app.services.db.select().from(cardCheckouts).where(eq(cardCheckouts.id, id))
    expect(row).toMatchObject({
      purpose: 'TICKET_ORDER',
      orderId: order.id,
      amountPence: 2879,
      status: 'OPEN',
    })
    expect(row!.buyerDetails).toEqual({ buyerName: 'Bea Buyer', attendeeNames: ['Al', 'Bo', 'Cy'] })
    // The 10-minute hold now lasts as long as the card page (31 minutes).
    expect(order.payBy!.getTime()).toBe(row!.expiresAt.getTime())
    expect(order.payBy!.getTime() - now.getTime()).toBeGreaterThanOrEqual(30 * MINUTE)
    // Past the hold's own 10 minutes, the release job keeps the order while the page is open.
    await travel(11 * MINUTE)
    expect((await orderRow(order.id)).status).toBe('HELD')
    expect(await taken(sale.adult)).toBe(2)
    // Even a release due by the order's own time keeps it while its card page is open.
    await t.app.services.db
      .update(ticketOrders)
      .set({ payBy: new Date(now.getTime() - 1000) })
      .where(eq(ticketOrders.id, order.id))
    expect(await releaseOrder(systemContext(t.app.services), order.id)).toBe('KEPT')
    expect(await orderRow(order.id)).toMatchObject({ status: 'HELD', payBy: row!.expiresAt })
    expect(await taken(sale.adult)).toBe(2)
  })

  it('refuses to confirm an order as CARD: card orders are issued by their payment only', async () => {
    const sale = await makeSale()
    const held = await gql<{ holdTickets: { claimToken: string } }>(t.app, HOLD, {
      token: member.token,
      variables: {
        e: sale.slug,
        email: 'x@example.test',
        lines: [{ ticketTypeId: sale.adult, quantity: 1 }],
      },
    })
    const res = await gql(t.app, CONFIRM, {
      token: member.token,
      variables: { c: held.body.data!.holdTickets.claimToken, names: ['Al'], p: 'CARD' },
    })
    expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    expect(res.body.errors?.[0]?.message).toBe('To pay by card, continue to the card page.')
  })

  it('choosing another way after coming back closes the card page first', async () => {
    const sale = await makeSale()
    const { claimToken, id, order } = await startCard(sale, { token: member.token })
    const res = await gql<{ confirmTicketOrder: { status: string } }>(t.app, CONFIRM, {
      token: member.token,
      variables: { c: claimToken, names: ['Al', 'Bo', 'Cy'], p: 'BANK_TRANSFER' },
    })
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data!.confirmTicketOrder.status).toBe('AWAITING_PAYMENT')
    expect(stripe.sessions.get(id)!.status).toBe('expired')
    const [row] = await t.app.services.db
      .select()
      .from(cardCheckouts)
      .where(eq(cardCheckouts.orderId, order.id))
    expect(row!.status).toBe('EXPIRED')
  })
})

describe('Stripe says the order is paid', () => {
  it('issues the tickets PAID with a Card (online) ledger line and the order email, once', async () => {
    const sale = await makeSale()
    const { id, order } = await startCard(sale, { token: member.token })
    const sent = smtp.received.length
    const event = stripe.pay(id)
    const first = await deliver(event)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ received: true, outcome: 'recorded' })
    const paid = await orderRow(order.id)
    expect(paid).toMatchObject({ status: 'PAID', payment: 'CARD', buyerName: 'Bea Buyer', claimToken: null })
    expect(paid.orderToken).toBe(order.orderToken)
    const intent = stripe.sessions.get(id)!.payment_intent!
    expect((await ledger(order.id)).map((p) => [p.amountPence, p.method, p.reference])).toEqual([
      [2879, 'CARD_ONLINE', intent],
    ])
    expect((await issued(order.id)).map((x) => x.attendeeName)).toEqual(['Al', 'Bo', 'Cy'])
    await runJobs()
    const mail = await eventually(async () =>
      smtp.received.slice(sent).find((m) => m.subject === `Your tickets for ${sale.title}`),
    )
    expect(mail.text).toContain('Paid by card: £28.79.')
    expect(mail.text).toContain(`/tickets/order/${order.orderToken}`)
    // The same event again, and another event about the same session: nothing more.
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'already' })
    const again = await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(id)))
    expect(again.json()).toEqual({ received: true, outcome: 'already' })
    expect(await ledger(order.id)).toHaveLength(1)
    expect(await issued(order.id)).toHaveLength(3)
    expect(await orderMails(order.id, 'tickets.order')).toHaveLength(1)
    const audits = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'tickets.cardPaid')))
    expect(audits).toHaveLength(1)
  })

  it('without sign-in: the page says not paid yet, then Paid from a server-side read; no emailed link needed', async () => {
    const sale = await makeSale()
    const { id, order } = await startCard(sale, { email: 'anon@example.test', code: null })
    const page = () =>
      gql<{ ticketOrder: { status: string; payment: string; paidPence: number; tickets: unknown[] } }>(
        t.app,
        ORDER_PAGE,
        { variables: { k: order.orderToken } },
      )
    const status = async () =>
      (
        await gql<{ ticketOrderCardPayment: string | null }>(t.app, CARD_STATUS, {
          variables: { k: order.orderToken },
        })
      ).body.data!.ticketOrderCardPayment
    expect((await page()).body.data!.ticketOrder).toMatchObject({ status: 'HELD', tickets: [] })
    expect(await status()).toBe('OPEN')
    // Paid on Stripe, the webhook not here yet: the page's read asks Stripe and records it.
    stripe.pay(id)
    expect(await status()).toBe('PAID')
    expect((await page()).body.data!.ticketOrder).toMatchObject({
      status: 'PAID',
      payment: 'CARD',
      paidPence: 3199,
    })
    expect(await issued(order.id)).toHaveLength(3)
    expect(await orderMails(order.id, 'tickets.confirmOrder')).toHaveLength(0)
    expect(await orderMails(order.id, 'tickets.order')).toHaveLength(1)
    // The webhook arriving afterwards finds it paid.
    const late = await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(id)))
    expect(late.json()).toEqual({ received: true, outcome: 'already' })
    expect(await ledger(order.id)).toHaveLength(1)
  })

  it('a payment made at the last moment whose webhook is late still issues the tickets (release job asks Stripe)', async () => {
    const sale = await makeSale()
    const { id, order } = await startCard(sale, { token: member.token })
    stripe.pay(id)
    await travel(32 * MINUTE)
    expect((await orderRow(order.id)).status).toBe('PAID')
    expect(await taken(sale.adult)).toBe(2)
  })
})

describe('the card page expires unpaid', () => {
  it('checkout.session.expired releases the hold: stock and the voucher’s use go back, once', async () => {
    const sale = await makeSale()
    const { id, order } = await startCard(sale, { token: member.token })
    const uses = async () =>
      (
        await t.app.services.db.select().from(ticketVouchers).where(eq(ticketVouchers.id, order.voucherId!))
      )[0]!.uses
    expect(await uses()).toBe(1)
    expect(await taken(sale.adult)).toBe(2)
    now = new Date(order.payBy!.getTime() + 1000)
    const session = { ...stripe.sessions.get(id)!, status: 'expired' as const, url: null }
    const event = stripe.event('checkout.session.expired', session)
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'expired' })
    expect((await orderRow(order.id)).status).toBe('CANCELLED')
    expect(await taken(sale.adult)).toBe(0)
    expect(await taken(sale.conc)).toBe(0)
    expect(await uses()).toBe(0)
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'already' })
    await runJobs()
    expect(await taken(sale.adult)).toBe(0)
    expect(await issued(order.id)).toHaveLength(0)
  })

  it('an early expired event (the page closed to start again) does not release a hold still in time', async () => {
    const sale = await makeSale()
    const { id, order } = await startCard(sale, { token: member.token })
    const event = stripe.event('checkout.session.expired', { ...stripe.sessions.get(id)!, status: 'expired' })
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'expired' })
    expect((await orderRow(order.id)).status).toBe('HELD')
  })

  it('or the release job after its expiry closes the page on Stripe and releases it', async () => {
    const sale = await makeSale()
    const { id, order } = await startCard(sale, { token: member.token })
    await travel(32 * MINUTE)
    expect(stripe.sessions.get(id)!.status).toBe('expired')
    expect((await orderRow(order.id)).status).toBe('CANCELLED')
    expect(await taken(sale.adult)).toBe(0)
    // Stripe's own expired event afterwards changes nothing.
    const event = stripe.event('checkout.session.expired', stripe.sessions.get(id))
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'already' })
    expect(await taken(sale.adult)).toBe(0)
  })
})

describe('refunds of a card-paid order', () => {
  async function paidOrder() {
    const sale = await makeSale()
    const started = await startCard(sale, { token: member.token })
    await deliver(stripe.pay(started.id))
    return { sale, ...started, intent: stripe.sessions.get(started.id)!.payment_intent! }
  }

  it('staff refund and cancel: Stripe refund, negative ledger line, audit, email, tickets void, stock back', async () => {
    const { sale, order, intent } = await paidOrder()
    const sent = smtp.received.length
    const res = await gql<{
      refundTicketOrderByCard: { status: string; paidPence: number; cardRefundablePence: number }
    }>(t.app, REFUND, { token: ticketAdmin.token, variables: { o: order.id, a: 2879, c: true } })
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data!.refundTicketOrderByCard).toMatchObject({
      status: 'CANCELLED',
      paidPence: 0,
      cardRefundablePence: 0,
    })
    const refund = stripe.refunds.findLast((r) => r.payment_intent === intent)!
    expect(refund.amount).toBe(2879)
    expect((await ledger(order.id)).map((p) => [p.amountPence, p.method, p.reference, p.recordedBy])).toEqual(
      [
        [2879, 'CARD_ONLINE', intent, null],
        [-2879, 'CARD_ONLINE', refund.id, ticketAdmin.id],
      ],
    )
    expect((await issued(order.id)).every((x) => x.status === 'VOID')).toBe(true)
    expect(await taken(sale.adult)).toBe(0)
    const actions = (
      await t.app.services.db.select().from(auditLog).where(eq(auditLog.entityId, order.id))
    ).map((a) => a.action)
    expect(actions).toEqual(expect.arrayContaining(['tickets.refund', 'tickets.orderCancelled']))
    await runJobs()
    const mail = await eventually(async () =>
      smtp.received.slice(sent).find((m) => m.subject === `Refund of £28.79 for ${sale.title}`),
    )
    expect(mail.text).toContain('The order is cancelled: its tickets no longer work.')
    // Stripe's charge.refunded about the same refund records nothing more; a second refund is refused.
    const charge = stripe.event('charge.refunded', {
      id: 'ch_test_x',
      object: 'charge',
      payment_intent: intent,
      amount_refunded: 2879,
    })
    expect((await deliver(charge)).json()).toEqual({ received: true, outcome: 'already' })
    expect(await ledger(order.id)).toHaveLength(2)
    const again = await gql(t.app, REFUND, {
      token: ticketAdmin.token,
      variables: { o: order.id, a: 100, c: false },
    })
    expect(again.body.errors?.[0]?.message).toBe('This card payment has been refunded in full already.')
  })

  it('refuses members, more than was paid, and an order not paid by card', async () => {
    const { order } = await paidOrder()
    const asMember = await gql(t.app, REFUND, {
      token: member.token,
      variables: { o: order.id, a: 100, c: false },
    })
    expect(asMember.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    const tooMuch = await gql(t.app, REFUND, {
      token: ticketAdmin.token,
      variables: { o: order.id, a: 2880, c: false },
    })
    expect(tooMuch.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    expect(await ledger(order.id)).toHaveLength(1)
  })

  it('records a refund made in Stripe’s dashboard (charge.refunded) once, and emails the buyer', async () => {
    const { order, intent } = await paidOrder()
    const event = stripe.refundOutside(intent, 500)
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'recorded' })
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'already' })
    const rows = await ledger(order.id)
    expect(rows.map((p) => [p.amountPence, p.method])).toEqual([
      [2879, 'CARD_ONLINE'],
      [-500, 'CARD_ONLINE'],
    ])
    expect((await orderRow(order.id)).status).toBe('PAID')
    expect(await orderMails(order.id, 'tickets.cardRefund')).toHaveLength(1)
  })
})

describe('the webhook', () => {
  it('refuses a bad signature (400) and acknowledges a session it never started (2xx)', async () => {
    const event = stripe.event('checkout.session.completed', {
      id: 'cs_test_forged',
      object: 'checkout.session',
    })
    const forged = await deliver({ payload: event.payload, signature: 't=1,v1=bad' })
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } })
    const unknown = stripe.event('checkout.session.expired', {
      id: 'cs_test_never_ours',
      object: 'checkout.session',
      status: 'expired',
      payment_status: 'unpaid',
      amount_total: 1000,
      currency: 'gbp',
      expires_at: 2_000_000_000,
      metadata: { purpose: 'TICKET_ORDER' },
    })
    const res = await deliver(unknown)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ received: true, outcome: 'unknown' })
  })
})
