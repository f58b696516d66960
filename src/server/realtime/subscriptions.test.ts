import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { collect, connected, watchSubscriptions, wsClient } from '#server/testing/ws-client.ts'
import { KEEP_ALIVE_MS } from '#server/graphql/register.ts'

let t: TestApp
let url: string
let admin: TestUser
let member: TestUser

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await createUser(t.app, { roles: ['superAdmin'], name: 'Ada Admin' })
  member = await createUser(t.app)
})
afterAll(() => t.close())

type Announcement = { announcements: { message: string; authorName: string } }
const SUBSCRIPTION = 'subscription { announcements { id message authorName createdAt } }'

async function announce(message: string) {
  const res = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({
      query: 'mutation ($m: String!) { publishAnnouncement(message: $m) { id } }',
      variables: { m: message },
    }),
  })
  expect(res.status).toBe(200)
  expect((await res.json()).errors).toBeUndefined()
}

describe('GraphQL subscriptions over WebSocket', () => {
  it('delivers announcements to anonymous and signed-in subscribers', async () => {
    const subscriptions = watchSubscriptions(t.app.services.bus)
    const anonymous = wsClient(url)
    const signedIn = wsClient(url, member.token)
    try {
      const a = collect<Announcement>(anonymous, SUBSCRIPTION)
      const b = collect<Announcement>(signedIn, SUBSCRIPTION)
      await Promise.all([connected(anonymous), connected(signedIn)])
      await subscriptions.registered('ANNOUNCEMENTS', 2)
      subscriptions.stop()
      await announce('Rehearsal cancelled tonight')
      const [first] = await a.next(1)
      expect(first?.announcements).toMatchObject({
        message: 'Rehearsal cancelled tonight',
        authorName: 'Ada Admin',
      })
      expect((await b.next(1))[0]?.announcements.message).toBe('Rehearsal cancelled tonight')
    } finally {
      await anonymous.dispose()
      await signedIn.dispose()
    }
  })

  it('refuses a connection with a forged access token', async () => {
    const forged = wsClient(url, `${member.token.slice(0, -4)}AAAA`)
    try {
      await expect(connected(forged)).rejects.toThrow('socket closed')
    } finally {
      await forged.dispose()
    }
  })

  it('keeps connections alive every 30 s', () => {
    expect(KEEP_ALIVE_MS).toBe(30_000)
  })
})
