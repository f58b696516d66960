import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, pushSubscriptions } from '#server/db/schema/index.ts'
import { createUser, insertApplication, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { PUSH_JOB, sendPush, type PushJob } from './send-push.ts'

let t: TestApp
let admin: TestUser
let member: TestUser
let pushService: Server
let answer = 201
const received: { path: string; headers: IncomingMessage['headers']; bytes: number }[] = []

// A browser's P-256 key and auth secret (base64url), as PushSubscription.toJSON() gives them.
const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
const AUTH = 'tBHItJI5svbpez7KI4CCXg'

beforeAll(async () => {
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        bytes: Buffer.concat(chunks).length,
      })
      response.writeHead(answer).end()
    })
  })
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve))
  t = await createTestApp({}, { jobs: { pollMs: 60_000 } })
  admin = await createUser(t.app, { roles: ['superAdmin'], name: 'Ada Admin' })
  member = await createUser(t.app, { name: 'Mo Member' })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => pushService?.close(resolve))
})

const endpoint = (name: string) =>
  `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/${name}`
const SUBSCRIBE = 'mutation ($input: PushSubscriptionInput!) { subscribeToPush(input: $input) }'
type Errors = { extensions?: { code?: string } }[] | undefined
const code = (errors: Errors) => errors?.[0]?.extensions?.code

describe('push subscriptions', () => {
  it('gives members the VAPID public key and refuses anonymous callers', async () => {
    const mine = await gql<{ pushPublicKey: string }>(t.app, '{ pushPublicKey }', { token: member.token })
    expect(mine.body.data?.pushPublicKey).toBe(t.app.services.config.push?.publicKey)
    const anonymous = await gql(t.app, '{ pushPublicKey }')
    expect(code(anonymous.body.errors as Errors)).toBe('UNAUTHENTICATED')
  })

  it('refuses an endpoint on another machine over http, and bad keys, writing nothing', async () => {
    const cases = [
      { endpoint: 'http://10.0.0.5/push', p256dh: P256DH, auth: AUTH },
      { endpoint: 'not a url', p256dh: P256DH, auth: AUTH },
      { endpoint: endpoint('bad-keys'), p256dh: 'not base64url!', auth: AUTH },
    ]
    for (const input of cases) {
      const res = await gql(t.app, SUBSCRIBE, { token: member.token, variables: { input } })
      expect(code(res.body.errors as Errors)).toBe('VALIDATION')
    }
    const rows = await t.app.services.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.id))
    expect(rows).toEqual([])
  })

  it('queues a push when an admin offers a place, and sends it signed and encrypted', async () => {
    const res = await gql(t.app, SUBSCRIBE, {
      token: member.token,
      variables: { input: { endpoint: endpoint('member'), p256dh: P256DH, auth: AUTH } },
    })
    expect(res.body.errors).toBeUndefined()

    const slug = `push-${randomBytes(4).toString('hex')}`
    const created = await gql<{ createEvent: { id: string } }>(
      t.app,
      'mutation ($input: EventInput!) { createEvent(input: $input) { id } }',
      {
        token: admin.token,
        variables: {
          input: {
            slug,
            type: 'CONCERT',
            title: 'Push Concert',
            startDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
            endDate: new Date(Date.now() + 30 * 86_400_000 + 3_600_000).toISOString(),
            visibility: 'members',
            eventConfig: { applicationTypes: { singer: { label: 'Singer' } } },
          },
        },
      },
    )
    const eventId = created.body.data!.createEvent.id
    const application = await insertApplication(t.app, { eventId, userId: member.id })
    const offered = await gql(
      t.app,
      'mutation ($slug: String!, $ids: [ID!]!) { decideApplications(eventSlug: $slug, applicationIds: $ids, action: OFFER) { id } }',
      { token: admin.token, variables: { slug, ids: [application.id] } },
    )
    expect(offered.body.errors).toBeUndefined()

    const [job] = await t.app.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, PUSH_JOB)))
    const payload = job!.payload as PushJob
    expect(payload.userId).toBe(member.id)
    expect(payload.message.title).toBe('You have been offered a place')

    await sendPush(t.app.services, payload)
    const sent = received.find((r) => r.path === '/push/member')
    expect(sent?.headers['content-encoding']).toBe('aes128gcm')
    expect(sent?.headers.authorization).toMatch(/^vapid t=.+, k=.+/)
    expect(sent?.bytes).toBeGreaterThan(payload.message.title.length)
  })

  it('tells a member whether this browser sends their notifications, not someone else’s', async () => {
    const ACTIVE = 'query ($endpoint: String!) { pushSubscriptionActive(endpoint: $endpoint) }'
    const ask = (token: string) =>
      gql<{ pushSubscriptionActive: boolean }>(t.app, ACTIVE, {
        token,
        variables: { endpoint: endpoint('member') },
      })
    expect((await ask(member.token)).body.data?.pushSubscriptionActive).toBe(true)
    expect((await ask(admin.token)).body.data?.pushSubscriptionActive).toBe(false)
  })

  it('drops a subscription the push service says has ended (410)', async () => {
    answer = 410
    try {
      await sendPush(t.app.services, { userId: member.id, message: { title: 'x', body: 'y', url: '/' } })
    } finally {
      answer = 201
    }
    const rows = await t.app.services.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.id))
    expect(rows).toEqual([])
  })
})
