import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, users } from '#server/db/schema/index.ts'
import { CookieJar, startOidc, type TestOidc } from '#server/testing/oidc-server.ts'
import { freePort } from '#server/testing/smtp.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'

let oidc: TestOidc
let t: TestApp
let appUrl: string

beforeAll(async () => {
  const port = await freePort()
  appUrl = `http://127.0.0.1:${port}`
  oidc = await startOidc(`${appUrl}/api/auth/callback/oidc`, [
    { sub: 'student-1', email: 'sol.student@uni.test', name: 'Sol Student' },
  ])
  t = await createTestApp(
    {
      APP_URL: appUrl,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: 'University SSO',
    },
    { startJobs: false },
  )
  await t.app.listen({ port, host: '127.0.0.1' })
})
afterAll(async () => {
  await t.close()
  await oidc.close()
})

/** Post an interaction form of the provider's development UI. */
async function submit(jar: CookieJar, interactionUrl: string, fields: Record<string, string>) {
  return jar.fetch(interactionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

describe('generic OIDC sign-in against a real OpenID provider', () => {
  it('offers the provider only because it is configured', async () => {
    const config = await (await fetch(`${appUrl}/api/auth-config`)).json()
    expect(config.providers).toEqual([{ id: 'oidc', name: 'University SSO', type: 'oidc' }])
  })

  it('signs a new member in through the provider and lands on /login/success', async () => {
    const jar = new CookieJar()
    const start = await jar.fetch(`${appUrl}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify({
        provider: 'oidc',
        callbackURL: '/login/success?redirectTo=%2Fapplications',
        errorCallbackURL: '/login/success?error=provider',
      }),
    })
    expect(start.response.status).toBe(200)
    const { url } = (await start.response.json()) as { url: string }
    expect(url.startsWith(`${oidc.issuer}/auth`)).toBe(true)

    // The provider asks who you are, then for consent.
    const login = await jar.fetch(url)
    expect(login.url).toMatch(/\/interaction\//)
    const consent = await submit(jar, login.url, { prompt: 'login', login: 'student-1', password: 'x' })
    expect(consent.url).toMatch(/\/interaction\//)
    const done = await submit(jar, consent.url, { prompt: 'consent' })

    const landed = new URL(done.url)
    expect(landed.origin).toBe(appUrl)
    expect(landed.pathname).toBe('/login/success')
    expect(landed.searchParams.get('redirectTo')).toBe('/applications')

    const session = await (
      await fetch(`${appUrl}/api/auth/get-session`, { headers: { cookie: jar.header(appUrl) } })
    ).json()
    expect(session.user).toMatchObject({
      email: 'sol.student@uni.test',
      name: 'Sol Student',
      emailVerified: true,
    })
    const [user] = await t.app.services.db.select().from(users).where(eq(users.email, 'sol.student@uni.test'))
    expect(user?.roles).toEqual([])
    const linked = await t.app.services.db.select().from(accounts).where(eq(accounts.userId, user!.id))
    expect(linked.map((a) => a.providerId)).toEqual(['oidc'])

    // The access token works on the API.
    const { token } = await (
      await fetch(`${appUrl}/api/auth/token`, { headers: { cookie: jar.header(appUrl) } })
    ).json()
    const me = await fetch(`${appUrl}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ currentUser { email } }' }),
    })
    expect((await me.json()).data.currentUser.email).toBe('sol.student@uni.test')
  })

  it('sends a refused consent back to the error page, signed out', async () => {
    const jar = new CookieJar()
    const start = await jar.fetch(`${appUrl}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify({
        provider: 'oidc',
        callbackURL: '/login/success',
        errorCallbackURL: '/login/success?error=provider',
      }),
    })
    const { url } = (await start.response.json()) as { url: string }
    const login = await jar.fetch(url)
    const aborted = await jar.fetch(`${login.url}/abort`)
    const landed = new URL(aborted.url)
    expect(landed.pathname).toBe('/login/success')
    expect(landed.searchParams.get('error')).toBeTruthy()
    const session = await (
      await fetch(`${appUrl}/api/auth/get-session`, { headers: { cookie: jar.header(appUrl) } })
    ).json()
    expect(session).toBeNull()
  })
})
