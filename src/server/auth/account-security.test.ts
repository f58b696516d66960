import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, sessions } from '#server/db/schema/index.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { cookieHeader, createUser, TEST_PASSWORD } from '#server/testing/factories.ts'

// `/profile`'s sign-in methods and sessions are better-auth's own endpoints (decision 0020).
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
})
afterAll(() => t.close())

let ipCounter = 1
function freshIp() {
  ipCounter++
  return `10.8.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`
}

function call(method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: {
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      origin: t.config.appUrl,
      cookie,
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

async function providersOf(cookie: string): Promise<string[]> {
  const res = await call('GET', '/api/auth/list-accounts', cookie)
  expect(res.statusCode).toBe(200)
  return (res.json() as { providerId: string }[]).map((a) => a.providerId).sort()
}

async function hasSession(cookie: string): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })
  return res.statusCode === 200 && res.json() !== null
}

describe('sign-in methods', () => {
  it('lists and unlinks a linked method, but never the last one', async () => {
    const member = await createUser(t.app)
    // A Google account linked earlier (the OAuth round trip itself needs Google).
    const googleRow = randomUUID()
    await t.app.services.db.insert(accounts).values({
      id: googleRow,
      accountId: `google-${member.id}`,
      providerId: 'google',
      userId: member.id,
    })
    expect(await providersOf(member.cookie)).toEqual(['credential', 'google'])

    // better-auth names the method by its own row id (list-accounts' `id`), not the provider's
    // account id: the provider's id is refused, which the /profile page once sent.
    const byProviderId = await call('POST', '/api/auth/unlink-account', member.cookie, {
      accountId: `google-${member.id}`,
    })
    expect([byProviderId.statusCode, byProviderId.json().code]).toEqual([400, 'ACCOUNT_NOT_FOUND'])
    const unlink = await call('POST', '/api/auth/unlink-account', member.cookie, { accountId: googleRow })
    expect(unlink.statusCode).toBe(200)
    expect(await providersOf(member.cookie)).toEqual(['credential'])

    // The last method stays: nothing to sign in with otherwise.
    const [credential] = await t.app.services.db.select().from(accounts).where(eq(accounts.userId, member.id))
    const last = await call('POST', '/api/auth/unlink-account', member.cookie, { accountId: credential!.id })
    expect(last.statusCode).toBe(400)
    expect(last.json().code).toBe('FAILED_TO_UNLINK_LAST_ACCOUNT')
    expect(await providersOf(member.cookie)).toEqual(['credential'])
  })

  it('refuses a signed-out caller', async () => {
    const listed = await call('GET', '/api/auth/list-accounts', '')
    expect([listed.statusCode, listed.json().code]).toEqual([401, 'UNAUTHORIZED'])
    const unlink = await call('POST', '/api/auth/unlink-account', '', { accountId: 'x' })
    expect(unlink.statusCode).toBe(401)
    const revoke = await call('POST', '/api/auth/revoke-other-sessions', '', {})
    expect(revoke.statusCode).toBe(401)
  })
})

describe('sessions', () => {
  it('"sign out everywhere else" ends every other session and keeps this one', async () => {
    const member = await createUser(t.app)
    const others: string[] = []
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/api/auth/sign-in/email', '', {
        email: member.email,
        password: TEST_PASSWORD,
      })
      expect(res.statusCode).toBe(200)
      others.push(cookieHeader(res.headers['set-cookie']))
    }
    const listed = await call('GET', '/api/auth/list-sessions', member.cookie)
    expect(listed.statusCode).toBe(200)
    expect(listed.json()).toHaveLength(3)

    const revoke = await call('POST', '/api/auth/revoke-other-sessions', member.cookie, {})
    expect(revoke.statusCode).toBe(200)
    expect(await hasSession(member.cookie)).toBe(true)
    for (const cookie of others) expect(await hasSession(cookie)).toBe(false)
    const rows = await t.app.services.db.select().from(sessions).where(eq(sessions.userId, member.id))
    expect(rows).toHaveLength(1)
  })
})
