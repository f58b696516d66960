import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { systemContext } from '#server/context.ts'
import { events, outbox, ticketOrders } from '#server/db/schema/index.ts'
import { createUser, insertTicketedEvent, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { releaseOrder } from './release-order.ts'

// The ballot's emails (issue 27): those not drawn hear so, and the winner's pay-by date reads as a
// date on the society's clocks, never "Sun, 04 Apr 2027 18:02:00 GMT".

let t: TestApp
const start = new Date('2027-04-01T18:02:00Z')
let now = start
let ticketAdmin: TestUser
const members: TestUser[] = []

beforeAll(async () => {
  t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false, clock: () => now })
  ticketAdmin = await createUser(t.app, { roles: ['ticketAdmin'], name: 'Tess Tickets' })
  for (const name of ['Ann Able', 'Ben Baker', 'Cat Cole']) members.push(await createUser(t.app, { name }))
})
afterAll(async () => t?.close())
afterEach(() => {
  now = start
})

describe('the ballot draw’s emails', () => {
  it('tells the one not drawn where they stand, and gives the winners a formatted pay-by date', async () => {
    const { slug } = await insertTicketedEvent(t.app, { slugPrefix: 'ballot', from: now })
    const setUp = await gql<{ setUpTicketSale: { types: { id: string }[] } }>(
      t.app,
      `mutation($e: String!, $input: TicketSaleInput!) { setUpTicketSale(eventSlug: $e, input: $input) { types { id } } }`,
      {
        token: ticketAdmin.token,
        variables: {
          e: slug,
          input: {
            capacity: 2,
            published: true,
            addTypes: [
              {
                name: 'Dinner',
                pricePence: 3000,
                quota: 2,
                perPersonLimit: 1,
                audience: 'MEMBERS',
                mode: 'BALLOT',
              },
            ],
          },
        },
      },
    )
    const typeId = setUp.body.data!.setUpTicketSale.types[0]!.id
    for (const m of members) {
      const r = await gql(
        t.app,
        'mutation($e: String!, $t: ID!) { requestBallotTickets(eventSlug: $e, ticketTypeId: $t, quantity: 1) { outcome } }',
        { token: m.token, variables: { e: slug, t: typeId } },
      )
      expect(r.body.errors).toBeUndefined()
    }
    const draw = await gql<{ runBallotDraw: { allocated: number } }>(
      t.app,
      'mutation($e: String!, $t: ID!) { runBallotDraw(eventSlug: $e, ticketTypeId: $t, seed: "s") { allocated } }',
      { token: ticketAdmin.token, variables: { e: slug, t: typeId } },
    )
    expect(draw.body.data?.runBallotDraw.allocated).toBe(2)
    const mails = async (template: string) =>
      t.app.services.db
        .select()
        .from(outbox)
        .where(eq(outbox.template, template))
        .then((rows) => rows.filter((m) => members.some((u) => u.email === m.to)))
    const notDrawn = await mails('tickets.ballotNotDrawn')
    expect(notDrawn).toHaveLength(1)
    expect(notDrawn[0]!.text).toContain('not drawn this time')
    expect(notDrawn[0]!.text).toContain('number 1 in line')
    expect(notDrawn[0]!.text).toMatch(/^When: \w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d/m)
    const won = await mails('tickets.order')
    expect(won).toHaveLength(2)
    expect(new Set([...won, ...notDrawn].map((m) => m.to)).size).toBe(3)
    for (const m of won) {
      expect(m.text).toContain('by Sunday 4 April 2027 at 19:02')
      expect(m.text).not.toMatch(/GMT/)
    }

    // A winner who pays nothing by then: the lapse email says when on the same clocks.
    const [event] = await t.app.services.db.select().from(events).where(eq(events.slug, slug))
    const [order] = await t.app.services.db
      .select()
      .from(ticketOrders)
      .where(and(eq(ticketOrders.eventId, event!.id), eq(ticketOrders.source, 'BALLOT')))
    now = new Date(order!.payBy!.getTime() + 60_000)
    expect(await releaseOrder(systemContext(t.app.services), order!.id)).toBe('LAPSED_BALLOT')
    const lapsed = (await mails('tickets.ballotLapsed')).filter((m) => m.to === order!.email)
    expect(lapsed).toHaveLength(1)
    expect(lapsed[0]!.text).toContain(
      `Nothing was paid for order ${order!.reference} by Sunday 4 April 2027 at 19:02,`,
    )
    expect(lapsed[0]!.text).not.toMatch(/GMT|\d{4}-\d\d-\d\dT/)
  })
})
