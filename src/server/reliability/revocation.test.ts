import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieHeader, createUser, TEST_PASSWORD, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { connected, watchSubscriptions, wsClient } from '#server/testing/ws-client.ts'
import { USER_CHANGED_CLOSE_CODE } from '#server/realtime/user-sockets.ts'

// Issue 17, finding 3: an access token outlived sign-out and password change by up to 15 minutes,
// and a realtime subscription outlived a revoked role.

let t: TestApp
let url: string
let superAdmin: TestUser
let ip = 1

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  superAdmin = await createUser(t.app, { roles: ['superAdmin'] })
})
afterAll(() => t.close())

const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: `10.17.0.${ip++}`,
    headers: { 'content-type': 'application/json', origin: t.config.appUrl, ...headers },
    payload,
  })

async function tokenFor(cookie: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })
  return res.json().token as string
}

const me = (token: string) => gql(t.app, '{ currentUser { id } }', { token })

async function upload(token: string) {
  const form = new FormData()
  form.append('purpose', 'image')
  form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png')
  const encoded = new Response(form)
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      authorization: `Bearer ${token}`,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  })
}

describe('access tokens end with their session', () => {
  it('sign-out: the token is refused at once on GraphQL and uploads', async () => {
    const member = await createUser(t.app)
    expect((await me(member.token)).status).toBe(200)
    expect((await post('/api/auth/sign-out', {}, { cookie: member.cookie })).statusCode).toBe(200)
    const after = await me(member.token)
    expect(after.status).toBe(401)
    expect(after.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED')
    expect((await upload(member.token)).statusCode).toBe(401)
  })

  it('password change: tokens of the other sessions are refused, the changing tab signs in afresh', async () => {
    const member = await createUser(t.app)
    const other = await post('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD })
    const otherToken = await tokenFor(cookieHeader(other.headers['set-cookie']))
    expect((await me(otherToken)).status).toBe(200)
    const change = await post(
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-password-7' },
      { cookie: member.cookie },
    )
    expect(change.statusCode).toBe(200)
    expect((await me(otherToken)).status).toBe(401)
    // The changing tab gets a new session (a new cookie): a token from it works.
    const fresh = await tokenFor(cookieHeader(change.headers['set-cookie']))
    expect((await me(fresh)).status).toBe(200)
  })

  it('an access token names its session', async () => {
    const member = await createUser(t.app)
    const payload = JSON.parse(Buffer.from(member.token.split('.')[1]!, 'base64url').toString())
    expect(typeof payload.sid).toBe('string')
  })
})

describe('realtime', () => {
  it("revoking a role closes the user's subscriptions", async () => {
    const admin = await createUser(t.app, { roles: ['boardMember'] })
    const subscriptions = watchSubscriptions(t.app.services.bus)
    const client = wsClient(url, admin.token)
    const closed = new Promise<number>((resolve) =>
      client.on('closed', (e) => resolve((e as CloseEvent).code)),
    )
    await connected(client)
    const sub = new Promise<void>((resolve) => {
      client.subscribe(
        { query: 'subscription { announcements { id } }' },
        {
          next: () => {},
          error: () => resolve(),
          complete: () => resolve(),
        },
      )
    })
    // The subscription (and so the tracked socket) is live before the change.
    await subscriptions.registered('ANNOUNCEMENTS')
    subscriptions.stop()
    const revoke = await gql(
      t.app,
      'mutation ($id: ID!) { revokeRole(userId: $id, role: boardMember) { id roles } }',
      { token: superAdmin.token, variables: { id: admin.id } },
    )
    expect(revoke.body.errors).toBeUndefined()
    expect(await closed).toBe(USER_CHANGED_CLOSE_CODE)
    await sub
    await client.dispose()
  })

  it('signing out closes the subscriptions of that user', async () => {
    const member = await createUser(t.app)
    const subscriptions = watchSubscriptions(t.app.services.bus)
    const client = wsClient(url, member.token)
    const closed = new Promise<number>((resolve) =>
      client.on('closed', (e) => resolve((e as CloseEvent).code)),
    )
    await connected(client)
    client.subscribe(
      { query: 'subscription { announcements { id } }' },
      {
        next: () => {},
        error: () => {},
        complete: () => {},
      },
    )
    await subscriptions.registered('ANNOUNCEMENTS')
    subscriptions.stop()
    await post('/api/auth/sign-out', {}, { cookie: member.cookie })
    expect(await closed).toBe(USER_CHANGED_CLOSE_CODE)
    await client.dispose()
  })
})
