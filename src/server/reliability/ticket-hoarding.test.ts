import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config/env.ts'
import { requestContext } from '#server/context.ts'
import { ticketTypes } from '#server/db/schema/index.ts'
import { setUpTicketSale } from '#server/modules/tickets/set-up-ticket-sale.ts'
import { createUser, insertTicketedEvent, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'

// Issue 26, finding 9: 12 anonymous pay-at-door orders under made-up emails took all 50 concessions.
// Holds and orders without sign-in are now limited per client address and per email.

let t: TestApp
let admin: TestUser
let member: TestUser

beforeAll(async () => {
  // The shipped defaults (the test app raises them for other tests).
  const defaults = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', APP_URL: 'http://localhost:3000' })
  t = await createTestApp(
    {
      MAIL_DISABLED: 'true',
      TICKET_ANON_ORDERS_PER_ADDRESS: String(defaults.anonymousTickets.perAddress),
      TICKET_ANON_ORDERS_PER_EMAIL: String(defaults.anonymousTickets.perEmail),
    },
    { startJobs: false },
  )
  admin = await createUser(t.app, { roles: ['superAdmin'] })
  member = await createUser(t.app)
})
afterAll(async () => t?.close())

const CONCESSION = {
  name: 'Concession',
  pricePence: 500,
  quota: 50,
  perPersonLimit: 5,
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
}

async function concessionSale() {
  const { slug } = await insertTicketedEvent(t.app, { slugPrefix: 'hoard' })
  const ctx = requestContext(t.app.services, {
    actor: { id: admin.id, email: admin.email, name: admin.name, image: null, roles: ['superAdmin'] },
    requestId: randomUUID(),
  })
  const [type] = await setUpTicketSale(ctx, {
    eventSlug: slug,
    capacity: 1000,
    published: true,
    addTypes: [CONCESSION],
  })
  return { slug, typeId: type!.id }
}

const CONFIRM = `mutation($c: String!, $names: [String!]!) {
  confirmTicketOrder(claimToken: $c, buyerName: "Ann", attendeeNames: $names, payment: PAY_AT_DOOR) { status } }`
const HOLD = `mutation($e: String!, $t: ID!, $q: Int!, $email: String!) {
  holdTickets(eventSlug: $e, lines: [{ ticketTypeId: $t, quantity: $q }], email: $email) { claimToken } }`

function post(query: string, variables: Record<string, unknown>, remoteAddress: string, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/graphql',
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}`, 'auth-provider': 'better-auth' } : {}),
    },
    payload: { query, variables },
  })
}

/** An order as the checkout places it from this address: hold, then confirm; the first refusal's answer. */
async function buy(
  v: { e: string; t: string; q: number; names: string[]; email: string },
  remoteAddress: string,
  token?: string,
) {
  const held = await post(HOLD, { e: v.e, t: v.t, q: v.q, email: v.email }, remoteAddress, token)
  const claimToken = held.json().data?.holdTickets?.claimToken as string | undefined
  if (!claimToken) return held
  return post(CONFIRM, { c: claimToken, names: v.names }, remoteAddress, token)
}

async function taken(typeId: string): Promise<number> {
  const row = await t.app.services.db.query.ticketTypes.findFirst({ where: eq(ticketTypes.id, typeId) })
  return row!.taken
}

describe('anonymous ticket hoarding', () => {
  it('12 anonymous orders with made-up emails from one address cannot take all 50 concessions', async () => {
    const { slug, typeId } = await concessionSale()
    const codes: string[] = []
    for (let i = 0; i < 12; i++) {
      const res = await buy(
        { e: slug, t: typeId, q: 5, names: ['A', 'B', 'C', 'D', 'E'], email: `made-up-${i}@example.com` },
        '203.0.113.7',
      )
      const body = res.json()
      codes.push(body.errors?.[0]?.extensions?.code ?? 'OK')
      if (body.errors) {
        // The GraphQL convention here: an execution error answers 200 with its code in extensions.
        expect(res.statusCode).toBe(200)
        expect(body.errors[0].message).toMatch(/Too many ticket orders/)
      }
    }
    expect(codes.filter((c) => c === 'OK')).toHaveLength(5)
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(7)
    expect(await taken(typeId)).toBe(25)
  })

  it('one email from many addresses is limited too, holds count alike, and a signed-in member is not', async () => {
    const { slug, typeId } = await concessionSale()
    const results: string[] = []
    for (let i = 0; i < 4; i++) {
      const res = await post(
        HOLD,
        { e: slug, t: typeId, q: 1, email: 'Same@Example.com' },
        `198.51.100.${i + 1}`,
      )
      results.push(res.json().errors?.[0]?.extensions?.code ?? 'OK')
    }
    expect(results).toEqual(['OK', 'OK', 'OK', 'RATE_LIMITED'])
    for (let i = 0; i < 7; i++) {
      const res = await buy(
        { e: slug, t: typeId, q: 1, names: ['M'], email: member.email },
        '203.0.113.99',
        member.token,
      )
      expect(res.json().errors, `signed-in order ${i}`).toBeUndefined()
      if (i === 4) break // the per-person limit (5) is the member's bound
    }
  })
})
