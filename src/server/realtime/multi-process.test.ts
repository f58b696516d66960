import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '#server/testing/test-db.ts'
import { startServerProcess, type ServerProcess } from '#server/testing/processes.ts'
import { TEST_PASSWORD } from '#server/testing/factories.ts'
import { collect, connected, wsClient } from '#server/testing/ws-client.ts'

// Two app processes need a database both can open: PostgreSQL. The CI's second run of the
// integration suite sets DATABASE_URL; the embedded database is single-process by design.
const onPostgres = Boolean(process.env.DATABASE_URL)

let db: TestDb
let a: ServerProcess
let b: ServerProcess

beforeAll(async () => {
  if (!onPostgres) return
  db = await createTestDb()
  const env = { DATABASE_URL: db.url!, AUTH_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/stagedoor-multi-process' }
  ;[a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)])
}, 60_000)
afterAll(async () => {
  if (!onPostgres) return
  await Promise.all([a?.stop(), b?.stop()])
  await db?.drop()
})

/** Sign up over HTTP on one process, verify and promote in the database, sign in, get a token. */
async function superAdminToken(server: ServerProcess): Promise<string> {
  const email = `admin-${Date.now()}@stagedoor.test`
  const post = (path: string, body: object) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    })
  expect(
    (await post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: 'Pat Process' })).status,
  ).toBe(200)
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  await client.query(`update users set roles = '{superAdmin}', email_verified = true where email = $1`, [
    email,
  ])
  await client.end()
  const signIn = await post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })
  expect(signIn.status).toBe(200)
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const token = await fetch(`${server.url}/api/auth/token`, { headers: { cookie } })
  expect(token.status).toBe(200)
  return ((await token.json()) as { token: string }).token
}

describe.skipIf(!onPostgres)('two app processes on one PostgreSQL', () => {
  it(
    'a subscriber on one process receives an event published on the other',
    { timeout: 60_000 },
    async () => {
      const token = await superAdminToken(b)
      const subscriber = wsClient(a.url)
      try {
        const events = collect<{ announcements: { message: string } }>(
          subscriber,
          'subscription { announcements { message } }',
        )
        await connected(subscriber)
        // Process A does not say when its subscription is live, and an announcement published before
        // then is lost: publish on B until A hears one (bounded), rather than sleeping and hoping.
        const deadline = Date.now() + 20_000
        while (events.results.length === 0) {
          if (Date.now() > deadline) throw new Error('A never heard an announcement published on B')
          const res = await fetch(`${b.url}/api/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              query: 'mutation { publishAnnouncement(message: "Hello from B") { id } }',
            }),
          })
          expect((await res.json()).errors).toBeUndefined()
          await events.next(1, 1000).catch((error: Error) => {
            if (!/waited/.test(error.message)) throw error
          })
        }
        const [event] = await events.next(1)
        expect(event?.announcements.message).toBe('Hello from B')
      } finally {
        await subscriber.dispose()
      }
    },
  )
})
