import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { whenAndWhere } from '#core/events/when-where.ts'
import { events, outbox, tickets } from '#server/db/schema/index.ts'
import { createUser, insertTicketedEvent } from '#server/testing/factories.ts'
import { eventually, freePort, startSmtp, type ReceivedMail, type TestSmtp } from '#server/testing/smtp.ts'
import { buyTickets } from '#server/testing/buy-tickets.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// The tickets' emails carry each ticket as a PDF, rendered when the mail is sent (decision 0022): a
// retry after SMTP was down renders them again, and a ticket cancelled before sending is left out.

let t: TestApp | undefined
let smtp: TestSmtp | undefined
afterEach(async () => {
  await t?.close()
  await smtp?.close()
  t = smtp = undefined
})

const fastJobs = { jobs: { pollMs: 20, baseBackoffMs: 50, maxBackoffMs: 200 } }
const SETUP = `mutation($e: String!, $input: TicketSaleInput!) {
  setUpTicketSale(eventSlug: $e, input: $input) { types { id } } }`
const HOLD = `mutation($e: String!, $t: ID!, $q: Int!, $email: String!) {
  holdTickets(eventSlug: $e, lines: [{ ticketTypeId: $t, quantity: $q }], email: $email) { claimToken } }`
const CONFIRM = `mutation($c: String!, $names: [String!]!) {
  confirmTicketOrder(claimToken: $c, buyerName: "Ann", attendeeNames: $names, payment: BANK_TRANSFER) { tickets } }`

const USE_LINK = `mutation($k: String!) { confirmEmailedTicketOrder(token: $k) { tickets } }`
const linkToken = (text: string | undefined) => /\/tickets\/confirm\/([\w-]+)/.exec(text ?? '')![1]!

async function makeSale(app: TestApp['app']) {
  // At 19:00 (UTC) on its day, whatever the time the test runs: "an hour from now" crossed midnight in
  // a run at 23:04, and the email then said two days without times.
  const today = new Date()
  const { slug } = await insertTicketedEvent(app, {
    slugPrefix: 'tm',
    title: 'Spring Concert',
    daysAhead: 30,
    from: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 19)),
  })
  await app.services.db.update(events).set({ venue: 'Great Hall' }).where(eq(events.slug, slug))
  const admin = await createUser(app, { roles: ['ticketAdmin'] })
  const type = { name: 'Adult', info: '', pricePence: 1000, quota: 10, perPersonLimit: 4 }
  const r = await gql<{ setUpTicketSale: { types: { id: string }[] } }>(app, SETUP, {
    token: admin.token,
    variables: {
      e: slug,
      input: {
        capacity: 10,
        published: true,
        addTypes: [{ ...type, audience: 'PUBLIC', mode: 'FIRST_COME' }],
      },
    },
  })
  expect(r.body.errors).toBeUndefined()
  return { slug, typeId: r.body.data!.setUpTicketSale.types[0]!.id }
}

/** The mail's PDF parts, as text from their first bytes. */
const pdfs = (mail: ReceivedMail) =>
  mail.attachments
    .filter((a) => a.mimeType === 'application/pdf')
    .map((a) => ({
      filename: a.filename,
      head: Buffer.from(a.content as ArrayBuffer)
        .subarray(0, 5)
        .toString('latin1'),
    }))

async function mailTo(to: string, subject: RegExp): Promise<ReceivedMail> {
  return eventually(async () =>
    smtp!.received.find((m) => m.envelopeTo.includes(to) && subject.test(m.subject ?? '')),
  )
}

describe('ticket emails with the tickets attached', () => {
  it('a held checkout’s confirmation carries a PDF per ticket; a transfer carries the new one', async () => {
    smtp = await startSmtp()
    t = await createTestApp({ SMTP_URL: smtp.url }, fastJobs)
    const { slug, typeId } = await makeSale(t.app)
    // Addresses and names are this test's own: the PostgreSQL run shares one database across runs.
    const ann = `ann-${slug}@example.test`
    const dee = `dee-${slug}@example.test`
    const hold = await gql<{ holdTickets: { claimToken: string } }>(t.app, HOLD, {
      variables: { e: slug, t: typeId, q: 2, email: ann },
    })
    const done = await gql(t.app, CONFIRM, {
      variables: { c: hold.body.data!.holdTickets.claimToken, names: ['Ann Smith', 'Ben Jones'] },
    })
    expect(done.body.errors).toBeUndefined()
    // Without sign-in, the tickets come once the emailed link is used (issue 26).
    const link = await mailTo(ann, /Confirm your tickets for Spring Concert/)
    const used = await gql(t.app, USE_LINK, { variables: { k: linkToken(link.text) } })
    expect(used.body.data).toEqual({ confirmEmailedTicketOrder: { tickets: 2 } })
    const order = await mailTo(ann, /Your tickets for Spring Concert/)
    expect(pdfs(order)).toEqual([
      { filename: `ticket-${slug}-Ann-Smith.pdf`, head: '%PDF-' },
      { filename: `ticket-${slug}-Ben-Jones.pdf`, head: '%PDF-' },
    ])
    expect(order.text).toContain('attached as a PDF')
    // Issue 27: every ticket email says when and where, on the society's clocks; the order links /tickets.
    const [event] = await t.app.services.db.select().from(events).where(eq(events.slug, slug))
    const [when, where] = whenAndWhere(event!, t.app.services.config.timeZone)
    expect(when).toMatch(/^When: \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}–\d{2}:\d{2}$/)
    expect(where).toBe('Where: Great Hall')
    for (const mail of [link, order]) expect(mail.text).toContain(`${when}\n${where}`)
    expect(order.text).toContain(`signed in with this email address: ${t.app.services.config.appUrl}/tickets`)

    const [first] = await t.app.services.db
      .select()
      .from(tickets)
      .innerJoin(events, eq(events.id, tickets.eventId))
      .where(and(eq(events.slug, slug), eq(tickets.attendeeName, 'Ben Jones')))
    const moved = await gql(
      t.app,
      'mutation($c: String!, $to: String!) { transferTicket(code: $c, toName: "Dee", toEmail: $to) }',
      {
        variables: { c: first!.tickets.code, to: dee },
      },
    )
    expect(moved.body.errors).toBeUndefined()
    const passed = await mailTo(dee, /has been passed to you/)
    expect(pdfs(passed)).toEqual([{ filename: `ticket-${slug}-Dee.pdf`, head: '%PDF-' }])
    expect(passed.text).toContain(`${when}\n${where}`)
  })

  it('renders at send time: after SMTP was down, a ticket cancelled meanwhile is left out', async () => {
    const port = await freePort()
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, fastJobs)
    const { slug, typeId } = await makeSale(t.app)
    const bo = `bo-${slug}@example.test`
    const bought = await buyTickets(t.app, {
      eventSlug: slug,
      ticketTypeId: typeId,
      quantity: 2,
      buyerName: 'Bo',
      email: bo,
      attendeeNames: ['Bo', 'Cy'],
    })
    expect(bought.body.errors).toBeUndefined()
    const orderId = bought.body.data!.order.orderId
    const [link] = await t.app.services.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, bo), eq(outbox.template, 'tickets.confirmOrder')))
    const used = await gql(t.app, USE_LINK, { variables: { k: linkToken(link?.text) } })
    expect(used.body.data).toEqual({ confirmEmailedTicketOrder: { tickets: 2 } })
    const rows = await t.app.services.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, bo), eq(outbox.template, 'tickets.order')))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.attachments).toHaveLength(2)
    await eventually(async () => {
      const [r] = await t!.app.services.db.select().from(outbox).where(eq(outbox.id, rows[0]!.id))
      return r && r.attempts >= 1
    })
    const [cy] = await t.app.services.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.orderId, orderId), eq(tickets.attendeeName, 'Cy')))
    const cancelled = await gql(t.app, 'mutation($c: String!) { cancelTicket(code: $c) }', {
      variables: { c: cy!.code },
    })
    expect(cancelled.body.errors).toBeUndefined()
    // An attempt may have rendered before the cancel and still be connecting: wait for it to fail,
    // so the attempt that reaches the server below began after the cancel.
    const attemptsNow = async () =>
      (await t!.app.services.db.select().from(outbox).where(eq(outbox.id, rows[0]!.id)))[0]!.attempts
    const seen = await attemptsNow()
    await eventually(async () => (await attemptsNow()) > seen)

    smtp = await startSmtp(port)
    const order = await mailTo(bo, /Your tickets for Spring Concert/)
    expect(pdfs(order)).toEqual([{ filename: `ticket-${slug}-Bo.pdf`, head: '%PDF-' }])
  })
})
