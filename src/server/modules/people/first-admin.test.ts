import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, users, verifications } from '#server/db/schema/index.ts'
import { cookieHeader, createUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { openFirstRunSetup } from './first-run-setup.ts'
import { grantRoleFromConsole } from './grant-role-from-console.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
})
afterAll(async () => t?.close())

async function consume(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/magic-link/consume',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl },
    payload: { token },
  })
}

const CLAIM = 'mutation Claim($token: String!) { claimFirstAdmin(token: $token) { id roles } }'

describe('the first admin', () => {
  it('a fresh install logs a setup link; the one who opens it becomes superAdmin, once', async () => {
    const link = await openFirstRunSetup(t.app.services)
    expect(link).not.toBeNull()
    const token = new URL(link!).searchParams.get('token')!
    expect(new URL(link!).pathname).toBe('/setup')

    // Not signed in: refused, nothing spent.
    const anonymous = await gql(t.app, CLAIM, { variables: { token } })
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED')

    const first = await createUser(t.app, { email: 'founder@society.test' })
    const forged = await gql(t.app, CLAIM, { variables: { token: 'forged' }, token: first.token })
    expect(forged.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')

    const claimed = await gql<{ claimFirstAdmin: { roles: string[] } }>(t.app, CLAIM, {
      variables: { token },
      token: first.token,
    })
    expect(claimed.body.errors).toBeUndefined()
    expect(claimed.body.data?.claimFirstAdmin.roles).toEqual(['superAdmin'])
    const [entry] = await t.app.services.db.select().from(auditLog).where(eq(auditLog.entityId, first.id))
    expect(entry?.action).toBe('user.role.grant')
    expect(entry?.after).toMatchObject({ via: 'first-run-setup' })

    // Reused: the setup is over.
    const second = await createUser(t.app)
    const reused = await gql(t.app, CLAIM, { variables: { token }, token: second.token })
    expect(reused.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    // And once a superAdmin exists, start-up logs no link.
    expect(await openFirstRunSetup(t.app.services)).toBeNull()
  })

  it('refuses an expired setup link', async () => {
    const db = t.app.services.db
    await db.update(users).set({ roles: [] })
    const link = await openFirstRunSetup(t.app.services)
    const token = new URL(link!).searchParams.get('token')!
    await db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) })
    const member = await createUser(t.app)
    const res = await gql(t.app, CLAIM, { variables: { token }, token: member.token })
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    expect(res.body.errors?.[0]?.message).toMatch(/expired or was already used/)
    const [row] = await db.select().from(users).where(eq(users.id, member.id))
    expect(row?.roles).toEqual([])
  })

  it('npm run admin -- grant: makes the account, grants the role, prints a one-time sign-in link', async () => {
    const grant = await grantRoleFromConsole(t.app.services, {
      role: 'superAdmin',
      email: 'Chair@Society.test',
    })
    expect(grant.created).toBe(true)
    const [row] = await t.app.services.db.select().from(users).where(eq(users.email, 'chair@society.test'))
    expect(row?.roles).toEqual(['superAdmin'])
    const link = new URL(grant.link)
    expect(link.pathname).toBe('/login/magic')
    expect(link.searchParams.get('redirectTo')).toBe('/admin')
    const token = link.searchParams.get('token')!
    const first = await consume(token)
    expect(first.statusCode).toBe(200)
    const cookie = cookieHeader(first.headers['set-cookie'])
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })
    expect(session.json().user.email).toBe('chair@society.test')
    expect((await consume(token)).statusCode).toBe(400)

    // Again for an existing account: found, the role kept once, a new link.
    const again = await grantRoleFromConsole(t.app.services, {
      role: 'superAdmin',
      email: 'chair@society.test',
    })
    expect(again.created).toBe(false)
    const [same] = await t.app.services.db.select().from(users).where(eq(users.email, 'chair@society.test'))
    expect(same?.roles).toEqual(['superAdmin'])
  })

  it('the console refuses an unknown role or a malformed address', async () => {
    await expect(
      grantRoleFromConsole(t.app.services, { role: 'king', email: 'a@b.test' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
    })
    await expect(
      grantRoleFromConsole(t.app.services, { role: 'boardMember', email: 'nope' }),
    ).rejects.toMatchObject({ code: 'VALIDATION' })
  })
})
