import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  applications,
  auditLog,
  cardCheckouts,
  cardProviderEvents,
  payments,
} from '#server/db/schema/index.ts'
import { createUser, insertApplication, type TestUser } from '#server/testing/factories.ts'
import { eventually, startSmtp, type TestSmtp } from '#server/testing/smtp.ts'
import { startStripeStandIn, type StripeStandIn } from '#server/testing/stripe-stand-in.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

let t: TestApp
let smtp: TestSmtp
let stripe: StripeStandIn
let admin: TestUser
let member: TestUser

beforeAll(async () => {
  smtp = await startSmtp()
  stripe = await startStripeStandIn()
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      ...stripe.env,
    },
    { jobs: { pollMs: 50 } },
  )
  admin = await createUser(t.app, { roles: ['superAdmin'], name: 'Ada Admin' })
  member = await createUser(t.app, { name: 'Mo Member' })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await smtp?.close()
  await stripe?.close()
})

const DAY = 86_400_000
const WEBHOOK = '/api/payments/stripe/webhook'

/** A published event whose `singer`s owe fee £25 and score £5; and a CONFIRMED application of `who`. */
async function confirmedApplication(who: TestUser = member) {
  const res = await gql<{ createEvent: { id: string } }>(
    t.app,
    'mutation ($input: EventInput!) { createEvent(input: $input) { id } }',
    {
      token: admin.token,
      variables: {
        input: {
          slug: `card-${randomBytes(4).toString('hex')}`,
          type: 'CONCERT',
          title: 'Winter Concert',
          startDate: new Date(Date.now() + 30 * DAY).toISOString(),
          endDate: new Date(Date.now() + 30 * DAY + 3_600_000).toISOString(),
          visibility: 'members',
          eventConfig: {
            applicationTypes: { singer: { label: 'Singer' } },
            paymentLines: {
              singer: [
                { key: 'fee', label: 'Participation fee', amountPence: 2500 },
                { key: 'score', label: 'Score hire', amountPence: 500 },
              ],
            },
          },
        },
      },
    },
  )
  expect(res.body.errors).toBeUndefined()
  return insertApplication(t.app, {
    eventId: res.body.data!.createEvent.id,
    userId: who.id,
    status: 'CONFIRMED',
  })
}

const START = `mutation ($id: ID!, $keys: [String!]!) { startCardCheckout(applicationId: $id, lineKeys: $keys) { id url } }`
const start = (applicationId: string, keys: string[], token = member.token) =>
  gql<{ startCardCheckout: { id: string; url: string } }>(t.app, START, {
    token,
    variables: { id: applicationId, keys },
  })

const deliver = (event: { payload: string; signature: string } | { payload: string; signature?: string }) =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json',
      ...(event.signature ? { 'stripe-signature': event.signature } : {}),
    },
    payload: event.payload,
  })

const ledger = (applicationId: string) =>
  t.app.services.db.select().from(payments).where(eq(payments.applicationId, applicationId))

describe('starting a card payment', () => {
  it('charges what the ledger says is outstanding, never a figure from the browser', async () => {
    const app = await confirmedApplication()
    // £10 of the fee was paid by transfer: £15 of it is left.
    const byHand = await gql(
      t.app,
      'mutation { recordPayment(applicationId: "' +
        app.id +
        '", lineKey: "fee", amountPence: 1000, method: BANK_TRANSFER) { id } }',
      { token: admin.token },
    )
    expect(byHand.body.errors).toBeUndefined()
    const res = await start(app.id, ['fee', 'score'])
    expect(res.body.errors).toBeUndefined()
    const { id, url } = res.body.data!.startCardCheckout
    expect(url).toBe(`${stripe.url}/pay/${id}`)
    const call = stripe.calls.findLast((c) => c.path === '/v1/checkout/sessions')!
    expect(call.body['line_items[0][price_data][unit_amount]']).toBe('1500')
    expect(call.body['line_items[1][price_data][unit_amount]']).toBe('500')
    expect(call.body['metadata[purpose]']).toBe('APPLICATION_PAYMENT')
    expect(call.body['metadata[application_id]']).toBe(app.id)
    expect(call.body.success_url).toBe(
      'http://localhost:3000/applications/card-payment?session={CHECKOUT_SESSION_ID}',
    )
    const [row] = await t.app.services.db.select().from(cardCheckouts).where(eq(cardCheckouts.id, id))
    expect(row).toMatchObject({
      purpose: 'APPLICATION_PAYMENT',
      applicationId: app.id,
      amountPence: 2000,
      status: 'OPEN',
      startedBy: member.id,
    })
    expect(row!.lines.map((l) => [l.key, l.amountPence])).toEqual([
      ['fee', 1500],
      ['score', 500],
    ])
  })

  it('refuses a paid line, someone else’s application and a place not yet confirmed', async () => {
    const app = await confirmedApplication()
    const other = await createUser(t.app, { name: 'Olly Other' })
    expect((await start(app.id, ['fee'], other.token)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    expect((await start(app.id, ['nope'])).body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    await t.app.services.db.update(applications).set({ status: 'OFFERED' }).where(eq(applications.id, app.id))
    expect((await start(app.id, ['fee'])).body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
  })

  it('starting again closes the earlier unpaid checkout of the same line', async () => {
    const app = await confirmedApplication()
    const first = (await start(app.id, ['fee'])).body.data!.startCardCheckout
    const second = (await start(app.id, ['fee'])).body.data!.startCardCheckout
    expect(second.id).not.toBe(first.id)
    expect(stripe.sessions.get(first.id)!.status).toBe('expired')
    const [row] = await t.app.services.db.select().from(cardCheckouts).where(eq(cardCheckouts.id, first.id))
    expect(row!.status).toBe('EXPIRED')
  })
})

describe('POST /api/payments/stripe/webhook', () => {
  it('refuses a missing or wrong signature with 400 BAD_SIGNATURE and records nothing', async () => {
    const event = stripe.event('checkout.session.completed', { id: 'cs_test_x', object: 'checkout.session' })
    const missing = await deliver({ payload: event.payload })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } })
    const forged = await deliver({
      payload: event.payload.replace('cs_test_x', 'cs_test_y'),
      signature: event.signature,
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } })
    const id = (JSON.parse(event.payload) as { id: string }).id
    expect(
      await t.app.services.db.select().from(cardProviderEvents).where(eq(cardProviderEvents.id, id)),
    ).toEqual([])
  })

  it('acknowledges a good signature for a session it never started (2xx) and an unhandled type', async () => {
    const unknown = stripe.event('checkout.session.completed', {
      id: 'cs_test_never_started',
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_elsewhere',
      amount_total: 999,
      currency: 'gbp',
      expires_at: 2_000_000_000,
      metadata: {},
    })
    const res = await deliver(unknown)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ received: true, outcome: 'unknown' })
    const other = await deliver(stripe.event('customer.created', { id: 'cus_test_1', object: 'customer' }))
    expect(other.statusCode).toBe(200)
    expect(other.json()).toEqual({ received: true, outcome: 'ignored' })
  })

  it('records a completed checkout once as card (online) payments, even when the event is replayed', async () => {
    const app = await confirmedApplication()
    const { id } = (await start(app.id, ['fee', 'score'])).body.data!.startCardCheckout
    const event = stripe.pay(id)
    const intent = stripe.sessions.get(id)!.payment_intent!
    const first = await deliver(event)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ received: true, outcome: 'recorded' })
    const again = await deliver(event)
    expect(again.json()).toEqual({ received: true, outcome: 'already' })
    // Stripe may also send a second event about the same session: still nothing more.
    const second = await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(id)))
    expect(second.json()).toEqual({ received: true, outcome: 'already' })
    const rows = await ledger(app.id)
    expect(rows.map((p) => [p.lineKey, p.amountPence, p.method, p.provider, p.reference]).sort()).toEqual([
      ['fee', 2500, 'CARD_ONLINE', 'stripe', intent],
      ['score', 500, 'CARD_ONLINE', 'stripe', intent],
    ])
    const [after] = await t.app.services.db.select().from(applications).where(eq(applications.id, app.id))
    expect(after!.status).toBe('PAID')
    const [checkout] = await t.app.services.db.select().from(cardCheckouts).where(eq(cardCheckouts.id, id))
    expect(checkout).toMatchObject({ status: 'PAID', paymentReference: intent })
    const audits = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, app.id), eq(auditLog.action, 'payment.record')))
    expect(audits).toHaveLength(2)
    expect(audits[0]!.actorId).toBeNull()
  })

  it('marks an expired checkout EXPIRED', async () => {
    const app = await confirmedApplication()
    const { id } = (await start(app.id, ['score'])).body.data!.startCardCheckout
    const res = await deliver(
      stripe.event('checkout.session.expired', { ...stripe.sessions.get(id), status: 'expired' }),
    )
    expect(res.json()).toEqual({ received: true, outcome: 'expired' })
    const [row] = await t.app.services.db.select().from(cardCheckouts).where(eq(cardCheckouts.id, id))
    expect(row!.status).toBe('EXPIRED')
    expect(await ledger(app.id)).toEqual([])
  })
})

describe('the return page reads the outcome from the server', () => {
  it('says OPEN until Stripe confirms, then PAID from a server-side read of the session', async () => {
    const app = await confirmedApplication()
    const { id } = (await start(app.id, ['score'])).body.data!.startCardCheckout
    const read = () =>
      gql<{ cardCheckout: { status: string; amountPence: number } }>(
        t.app,
        'query ($id: ID!) { cardCheckout(id: $id) { status amountPence } }',
        { token: member.token, variables: { id } },
      )
    expect((await read()).body.data!.cardCheckout).toEqual({ status: 'OPEN', amountPence: 500 })
    stripe.pay(id) // paid on Stripe, webhook not delivered (yet)
    expect((await read()).body.data!.cardCheckout).toEqual({ status: 'PAID', amountPence: 500 })
    expect((await ledger(app.id)).map((p) => [p.lineKey, p.amountPence])).toEqual([['score', 500]])
    const other = await createUser(t.app)
    const theirs = await gql(t.app, 'query ($id: ID!) { cardCheckout(id: $id) { status } }', {
      token: other.token,
      variables: { id },
    })
    expect(theirs.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
  })
})

describe('refunds', () => {
  const REFUND = `mutation ($id: ID!, $amount: Int!) { refundCardPayment(paymentId: $id, amountPence: $amount) { id status } }`

  it('staff refund a card payment through Stripe: ledger, audit and email, once with the webhook', async () => {
    const app = await confirmedApplication()
    const { id } = (await start(app.id, ['fee', 'score'])).body.data!.startCardCheckout
    await deliver(stripe.pay(id))
    const intent = stripe.sessions.get(id)!.payment_intent!
    const score = (await ledger(app.id)).find((p) => p.lineKey === 'score')!
    const sent = smtp.received.length

    const byMember = await gql(t.app, REFUND, {
      token: member.token,
      variables: { id: score.id, amount: 500 },
    })
    expect(byMember.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    const tooMuch = await gql(t.app, REFUND, { token: admin.token, variables: { id: score.id, amount: 501 } })
    expect(tooMuch.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')

    const res = await gql(t.app, REFUND, { token: admin.token, variables: { id: score.id, amount: 500 } })
    expect(res.body.errors).toBeUndefined()
    expect(stripe.refunds.map((r) => [r.payment_intent, r.amount, r.metadata.line_key])).toEqual([
      [intent, 500, 'score'],
    ])
    const refundId = stripe.refunds[0]!.id
    const negative = (await ledger(app.id)).filter((p) => p.amountPence < 0)
    expect(negative.map((p) => [p.lineKey, p.amountPence, p.method, p.reference, p.recordedBy])).toEqual([
      ['score', -500, 'CARD_ONLINE', refundId, admin.id],
    ])
    const [audit] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, app.id), eq(auditLog.action, 'payment.refund')))
    expect(audit!.actorId).toBe(admin.id)
    const mail = await eventually(async () =>
      smtp.received.slice(sent).find((m) => m.subject === 'Refund of £5.00 for Winter Concert'),
    )
    expect(mail.envelopeTo).toEqual([member.email])

    // Stripe's charge.refunded about the same refund: nothing more is recorded.
    const charge = stripe.event('charge.refunded', {
      id: 'ch_test_1',
      object: 'charge',
      payment_intent: intent,
      amount_refunded: 500,
    })
    expect((await deliver(charge)).json()).toEqual({ received: true, outcome: 'already' })
    expect((await ledger(app.id)).filter((p) => p.amountPence < 0)).toHaveLength(1)
  })

  it('records a refund made in the Stripe dashboard from charge.refunded, once', async () => {
    const app = await confirmedApplication()
    const { id } = (await start(app.id, ['fee', 'score'])).body.data!.startCardCheckout
    await deliver(stripe.pay(id))
    const intent = stripe.sessions.get(id)!.payment_intent!
    const event = stripe.refundOutside(intent, 1000)
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'recorded' })
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'already' })
    // A refund naming no line comes off the last line first: £5 score, then £5 of the fee.
    const negative = (await ledger(app.id)).filter((p) => p.amountPence < 0)
    expect(negative.map((p) => [p.lineKey, p.amountPence]).sort()).toEqual([
      ['fee', -500],
      ['score', -500],
    ])
  })
})

describe('without Stripe keys', () => {
  it('offers no card payment and refuses to start one with CARD_PAYMENTS_OFF', async () => {
    const plain = await createTestApp()
    try {
      const who = await createUser(plain.app)
      const boss = await createUser(plain.app, { roles: ['superAdmin'] })
      const event = await gql<{ createEvent: { id: string } }>(
        plain.app,
        'mutation ($input: EventInput!) { createEvent(input: $input) { id } }',
        {
          token: boss.token,
          variables: {
            input: {
              slug: 'no-cards',
              type: 'CONCERT',
              title: 'No Cards',
              startDate: new Date(Date.now() + 30 * DAY).toISOString(),
              endDate: new Date(Date.now() + 30 * DAY + 3_600_000).toISOString(),
              visibility: 'members',
              eventConfig: {
                applicationTypes: { singer: { label: 'Singer' } },
                paymentLines: { singer: [{ key: 'fee', label: 'Fee', amountPence: 2500 }] },
              },
            },
          },
        },
      )
      const app = await insertApplication(plain.app, {
        eventId: event.body.data!.createEvent.id,
        userId: who.id,
        status: 'CONFIRMED',
      })
      const on = await gql<{ cardPaymentsEnabled: boolean }>(plain.app, '{ cardPaymentsEnabled }', {
        token: who.token,
      })
      expect(on.body.data!.cardPaymentsEnabled).toBe(false)
      const res = await gql(plain.app, START, { token: who.token, variables: { id: app.id, keys: ['fee'] } })
      expect(res.body.errors?.[0]?.extensions?.code).toBe('CARD_PAYMENTS_OFF')
      const hook = await plain.app.inject({ method: 'POST', url: WEBHOOK, payload: '{}' })
      expect(hook.statusCode).toBe(404)
    } finally {
      await plain.close()
    }
  })

  it('says card payments are on when both keys are set', async () => {
    const on = await gql<{ cardPaymentsEnabled: boolean }>(t.app, '{ cardPaymentsEnabled }', {
      token: member.token,
    })
    expect(on.body.data!.cardPaymentsEnabled).toBe(true)
  })
})
