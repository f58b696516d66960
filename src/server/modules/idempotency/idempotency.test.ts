import { connect } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { events, idempotencyKeys } from '#server/db/schema/index.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { IDEMPOTENCY_TTL_MS, sweepIdempotencyKeys } from './idempotency.ts'

let t: TestApp
let url: string
let admin: TestUser
let other: TestUser

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await createUser(t.app, { roles: ['sitrMD'] })
  other = await createUser(t.app, { roles: ['sitrMD'] })
})
afterAll(() => t.close())

const DAY = 86_400_000
const CREATE = 'mutation ($input: EventInput!) { createEvent(input: $input) { id slug } }'
const createBody = (slug: string, title = 'Retry Concert') =>
  JSON.stringify({
    query: CREATE,
    variables: {
      input: {
        slug,
        type: 'CONCERT',
        title,
        venue: 'Great Hall',
        startDate: new Date(Date.now() + 30 * DAY).toISOString(),
        endDate: new Date(Date.now() + 30 * DAY + 3_600_000).toISOString(),
      },
    },
  })

const post = (body: string, headers: Record<string, string>, token = admin.token) =>
  fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body,
  })

/**
 * Send a request over a raw socket and hang up as soon as the reply starts arriving: the server
 * has done the work and answered, the client never reads the answer.
 */
function sendAndDropReply(body: string, headers: Record<string, string>): Promise<void> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const lines = [
        'POST /api/graphql HTTP/1.1',
        `host: ${hostname}:${port}`,
        'content-type: application/json',
        `authorization: Bearer ${admin.token}`,
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        '',
        '',
      ]
      socket.write(lines.join('\r\n') + body)
    })
    socket.once('data', () => {
      socket.destroy()
      resolve()
    })
    socket.once('error', reject)
  })
}

describe('Idempotency-Key on GraphQL mutations', () => {
  it('a retry after the first reply was dropped gets the first result, and the write ran once', async () => {
    const body = createBody('retry-after-drop')
    await sendAndDropReply(body, { 'idempotency-key': 'key-drop-1' })

    const retry = await post(body, { 'idempotency-key': 'key-drop-1' })
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    const replayed = (await retry.json()) as { data: { createEvent: { id: string; slug: string } } }
    const rows = await t.app.services.db.select().from(events).where(eq(events.slug, 'retry-after-drop'))
    expect(rows).toHaveLength(1)
    expect(replayed).toEqual({ data: { createEvent: { id: rows[0]!.id, slug: 'retry-after-drop' } } })

    // Without the key the same retry is a second write, refused as a CONFLICT: what the key avoids.
    const unkeyed = (await (await post(body, {})).json()) as { errors: { extensions: { code: string } }[] }
    expect(unkeyed.errors[0]!.extensions.code).toBe('CONFLICT')
  })

  it('the same key with another body is refused with 422 IDEMPOTENCY_KEY_REUSED; nothing is written', async () => {
    const first = await post(createBody('reuse-first'), { 'idempotency-key': 'key-reuse' })
    expect(first.status).toBe(200)
    const second = await post(createBody('reuse-second'), { 'idempotency-key': 'key-reuse' })
    expect(second.status).toBe(422)
    const json = (await second.json()) as { errors: { extensions: { code: string } }[] }
    expect(json.errors[0]!.extensions.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await t.app.services.db.select().from(events).where(eq(events.slug, 'reuse-second'))).toHaveLength(
      0,
    )
  })

  it("a key is the sender's own: another member's same key runs their own request", async () => {
    const body = createBody('scoped-a')
    const mine = (await (await post(body, { 'idempotency-key': 'shared-key' })).json()) as {
      data: { createEvent: { id: string } }
    }
    const theirs = await post(createBody('scoped-b'), { 'idempotency-key': 'shared-key' }, other.token)
    expect(theirs.headers.get('idempotent-replayed')).toBeNull()
    const json = (await theirs.json()) as { data: { createEvent: { id: string; slug: string } } }
    expect(json.data.createEvent.slug).toBe('scoped-b')
    expect(json.data.createEvent.id).not.toBe(mine.data.createEvent.id)
  })

  it('queries are not kept, and a malformed key is refused with 400', async () => {
    const query = JSON.stringify({ query: '{ events { slug } }' })
    expect((await post(query, { 'idempotency-key': 'key-query' })).status).toBe(200)
    const kept = await t.app.services.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'key-query'))
    expect(kept).toHaveLength(0)
    const bad = await post(createBody('bad-key'), { 'idempotency-key': 'x'.repeat(300) })
    expect(bad.status).toBe(400)
  })

  it('keys are kept 24 hours: the sweep removes older ones, and an expired key runs afresh', async () => {
    const body = createBody('expired-key')
    expect((await post(body, { 'idempotency-key': 'key-old' })).status).toBe(200)
    const where = and(eq(idempotencyKeys.key, 'key-old'), eq(idempotencyKeys.scope, `member:${admin.id}`))
    await t.app.services.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000) })
      .where(where)
    // Expired but not swept yet: not replayed (the event exists, so the write answers CONFLICT).
    const afresh = (await (await post(body, { 'idempotency-key': 'key-old' })).json()) as {
      errors: { extensions: { code: string } }[]
    }
    expect(afresh.errors[0]!.extensions.code).toBe('CONFLICT')
    await t.app.services.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000) })
      .where(where)
    expect(await sweepIdempotencyKeys(t.app.services)).toBeGreaterThanOrEqual(1)
    expect(await t.app.services.db.select().from(idempotencyKeys).where(where)).toHaveLength(0)
  })
})
