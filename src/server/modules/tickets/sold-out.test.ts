import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits, ticketOrders, ticketTypes } from '#server/db/schema/index.ts'
import { createUser, insertTicketedEvent, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// Decision 0055: once a read finds a type sold out, the next buyers hear it without reading again
// (sold-out.ts), until tickets come back in this process (a released hold, a raised quota) or a
// second has passed. The hold's own transaction counts the anonymous-order limit and takes the
// stock last; a refused hold counts nothing.

let t: TestApp
let ticketAdmin: TestUser

beforeAll(async () => {
  t = await createTestApp({ MAIL_DISABLED: 'true' }, { startJobs: false })
  ticketAdmin = await createUser(t.app, { roles: ['ticketAdmin'] })
})
afterAll(async () => t?.close())

const SETUP = `mutation($e: String!, $input: TicketSaleInput!) {
  setUpTicketSale(eventSlug: $e, input: $input) { types { id } } }`
const UPDATE = `mutation($e: String!, $t: ID!, $input: TicketTypeInput!) {
  updateTicketType(eventSlug: $e, ticketTypeId: $t, input: $input) { capacity } }`
const HOLD = `mutation($e: String!, $t: ID!, $email: String!) {
  holdTickets(eventSlug: $e, lines: [{ ticketTypeId: $t, quantity: 1 }], email: $email) {
    claimToken typeName quantity amountPence email heldUntil lines { typeName quantity unitPricePence } } }`
const RELEASE = `mutation($c: String!) { releaseHeldTicketOrder(claimToken: $c) }`

const TYPE = {
  name: 'Stalls',
  info: '',
  pricePence: 1200,
  quota: 2,
  perPersonLimit: 2,
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
}

async function sale() {
  const { slug } = await insertTicketedEvent(t.app, { slugPrefix: 'so', daysAhead: 30 })
  const r = await gql<{ setUpTicketSale: { types: { id: string }[] } }>(t.app, SETUP, {
    token: ticketAdmin.token,
    variables: { e: slug, input: { capacity: 100, published: true, addTypes: [TYPE] } },
  })
  expect(r.body.errors).toBeUndefined()
  return { slug, typeId: r.body.data!.setUpTicketSale.types[0]!.id }
}

type Held = { claimToken: string; typeName: string; amountPence: number; lines: unknown[] }
const hold = (slug: string, typeId: string, email: string) =>
  gql<{ holdTickets: Held }>(t.app, HOLD, { variables: { e: slug, t: typeId, email } })
const message = (r: { body: { errors?: readonly { message: string }[] } }) => r.body.errors?.[0]?.message

describe('sold out, said again without a read', () => {
  it('answers the read’s words to the next buyers, and a released hold sells again at once', async () => {
    const { slug, typeId } = await sale()
    const first = await hold(slug, typeId, 'one@example.test')
    expect(first.body.data?.holdTickets).toMatchObject({
      typeName: '1 × Stalls',
      amountPence: 1200,
      lines: [{ typeName: 'Stalls', quantity: 1, unitPricePence: 1200 }],
    })
    expect((await hold(slug, typeId, 'two@example.test')).body.errors).toBeUndefined()
    // The read finds it sold out; the next three hear the same words without one.
    for (const email of ['three@example.test', 'four@example.test', 'five@example.test']) {
      const refused = await hold(slug, typeId, email)
      expect(message(refused)).toBe('Stalls is sold out.')
      expect((refused.body.errors?.[0] as { extensions?: { code?: string } }).extensions?.code).toBe(
        'CONFLICT',
      )
    }
    // Nothing written for the refused: no order, no count against their address or email.
    const orders = await t.app.services.db
      .select()
      .from(ticketOrders)
      .where(eq(ticketOrders.ticketTypeId, typeId))
    expect(orders).toHaveLength(2)
    const limits = await t.app.services.db.select().from(rateLimits)
    expect(limits.some((l) => l.key === 'tickets:email:three@example.test')).toBe(false)
    expect(limits.some((l) => l.key === 'tickets:email:one@example.test')).toBe(true)

    const released = await gql(t.app, RELEASE, {
      variables: { c: first.body.data!.holdTickets.claimToken },
    })
    expect(released.body.errors).toBeUndefined()
    const again = await hold(slug, typeId, 'six@example.test')
    expect(again.body.errors).toBeUndefined()
    expect(again.body.data?.holdTickets.typeName).toBe('1 × Stalls')
  })

  it('a raised quota sells at once, and the stock never goes past it', async () => {
    const { slug, typeId } = await sale()
    await hold(slug, typeId, 'a@example.test')
    await hold(slug, typeId, 'b@example.test')
    expect(message(await hold(slug, typeId, 'c@example.test'))).toBe('Stalls is sold out.')
    const raised = await gql(t.app, UPDATE, {
      token: ticketAdmin.token,
      variables: { e: slug, t: typeId, input: { ...TYPE, quota: 3 } },
    })
    expect(raised.body.errors).toBeUndefined()
    expect((await hold(slug, typeId, 'c@example.test')).body.errors).toBeUndefined()
    expect(message(await hold(slug, typeId, 'd@example.test'))).toBe('Stalls is sold out.')
    const [row] = await t.app.services.db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId))
    expect(row!.taken).toBe(3)
  })

  it('ten buyers at once for two tickets: two holds, eight refusals in words, nothing oversold', async () => {
    const { slug, typeId } = await sale()
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => hold(slug, typeId, `rush${i}@example.test`)),
    )
    const held = results.filter((r) => !r.body.errors)
    expect(held).toHaveLength(2)
    for (const r of results.filter((x) => x.body.errors)) {
      expect(message(r)).toMatch(/^(Stalls is sold out\.|Sorry: the last Stalls tickets have just gone\.)$/)
    }
    const [row] = await t.app.services.db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId))
    expect(row!.taken).toBe(2)
  })
})
