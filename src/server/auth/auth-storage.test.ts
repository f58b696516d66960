import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSRF_HEADER } from '#server/graphql/register.ts'
import { cookieHeader, createUser, TEST_PASSWORD } from '#server/testing/factories.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { AUTH_STORAGE_IDLE_MS, switchOffAuthStorageWhenIdle, type AuthStorage } from './auth-storage.ts'

// better-auth's stores are switched off once it is idle, which turns Node's promise hooks off
// (decision 0027); it must go on working each time it is called again.
let t: TestApp
let storage: AuthStorage

/** NOTE: `enabled` is Node's own field on an AsyncLocalStorage: on from its first run to `disable()`. */
const enabled = () => storage.stores.map((s) => (s as unknown as { enabled: boolean }).enabled)
/** Wait until all three stores are off. */
const switchedOff = () =>
  expect.poll(enabled, { timeout: AUTH_STORAGE_IDLE_MS * 5, interval: 100 }).toEqual([false, false, false])
/** A password sign-in through better-auth's route. */
const signIn = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: t.app.services.config.appUrl },
    payload: { email, password: TEST_PASSWORD },
  })

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  storage = await switchOffAuthStorageWhenIdle()
})
afterAll(() => t.close())

describe("better-auth's stores, switched off when idle", () => {
  it('are on while better-auth works, and off a moment after its last call', async () => {
    expect(storage.stores).toHaveLength(3)
    const member = await createUser(t.app)
    expect(storage.running()).toBe(0)
    expect(enabled()).toContain(true)
    await switchedOff()

    // better-auth works again from off: a password sign-in, then a session cookie on GraphQL.
    const signedIn = await signIn(member.email)
    expect(signedIn.statusCode).toBe(200)
    expect(enabled()).toContain(true)
    const cookie = cookieHeader(signedIn.headers['set-cookie'])
    await switchedOff()
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { cookie, [CSRF_HEADER]: '1', 'content-type': 'application/json' },
      payload: { query: 'query { currentUser { id } }' },
    })
    expect(me.json()).toEqual({ data: { currentUser: { id: member.id } } })
    expect(storage.running()).toBe(0)
  })

  it('stay on while any call is running', async () => {
    const member = await createUser(t.app)
    await switchedOff()
    // Sign-ins over twice the idle time, each started half the idle time after the last settled: a
    // few calls, not as many as fit (a fast database ran into the per-address sign-in limit, 429).
    // NOTE: the pause is what is tested (a gap shorter than the idle time), not a wait for an event.
    const started = Date.now()
    let seenOff = false
    let calls = 0
    while (Date.now() - started < AUTH_STORAGE_IDLE_MS * 2) {
      const res = await signIn(member.email)
      expect(res.statusCode).toBe(200)
      calls++
      await new Promise((resolve) => setTimeout(resolve, AUTH_STORAGE_IDLE_MS / 2))
      if (!enabled().includes(true)) seenOff = true
    }
    expect(calls).toBeGreaterThanOrEqual(2)
    expect(seenOff).toBe(false)
  })
})
