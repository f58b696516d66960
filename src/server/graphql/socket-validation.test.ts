import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { collect, connected, watchSubscriptions, wsClient } from '#server/testing/ws-client.ts'
import { MAX_QUERY_DEPTH } from './limits.ts'

// Issue 26, finding 4: a WebSocket `subscribe` meets the same validation rules as an HTTP request
// (cost, depth, root fields, unknown fields), not only the document checks before parsing.

let t: TestApp
let url: string
let admin: TestUser

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await createUser(t.app, { roles: ['superAdmin'] })
})
afterAll(() => t.close())

/** `application { otherApplications { … } }` n times: each list multiplies the cost by 100. */
const nested = (n: number, leaf = 'id') => {
  let selection = leaf
  for (let i = 0; i < n; i++) selection = `application { otherApplications { ${selection} } }`
  return `subscription { applicationChanged(eventSlug: "x") { application { ${selection} } } }`
}

/** The first error a subscription gets, or a failure after `timeoutMs`. */
async function refusal(client: ReturnType<typeof wsClient>, query: string, timeoutMs = 5000) {
  const sub = collect(client, query)
  const deadline = Date.now() + timeoutMs
  while (sub.errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
  sub.dispose()
  const [first] = sub.errors as { message?: string; extensions?: { code?: string } }[][]
  if (!first) throw new Error(`no error within ${timeoutMs} ms for ${query.slice(0, 80)}`)
  return first[0]
}

describe('subscriptions over a real WebSocket meet the HTTP validation rules', () => {
  it('refuses too costly, too deep, two-root-field and unknown-field subscriptions, then keeps serving', async () => {
    // nested(2) is 7 fields deep with two lists (100 × 100 × …): over the cost limit, within the depth.
    expect(2 + 2 * 2 + 1).toBeLessThan(MAX_QUERY_DEPTH)
    const client = wsClient(url)
    try {
      await connected(client)
      const cases = [
        [nested(2), /too expensive/],
        // Deeper than MAX_QUERY_DEPTH (also too costly: the depth is reported first).
        [nested(6), /too deep/],
        ['subscription { announcements { id } showRevealed { slug } }', /only one top level field/],
        ['subscription { announcements { shoeSize } }', /shoeSize/],
      ] as const
      for (const [query, message] of cases) {
        const error = await refusal(client, query)
        expect(error?.message).toMatch(message)
        expect(error?.extensions?.code).toBe('BAD_REQUEST')
      }

      // The same socket still serves a valid subscription, and the server still answers. Publish
      // once the server has registered it (an event published before is lost), not after a sleep.
      const subscriptions = watchSubscriptions(t.app.services.bus)
      const ok = collect<{ announcements: { message: string } }>(
        client,
        'subscription { announcements { message } }',
      )
      await subscriptions.registered('ANNOUNCEMENTS')
      subscriptions.stop()
      const res = await fetch(`${url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ query: 'mutation { publishAnnouncement(message: "Still here") { id } }' }),
      })
      expect(res.status).toBe(200)
      expect((await ok.next(1))[0]?.announcements.message).toBe('Still here')
      expect(ok.errors).toEqual([])
      expect((await fetch(`${url}/api/health`)).status).toBe(200)
    } finally {
      await client.dispose()
    }
  })
})
