import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/index.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
})
afterAll(() => t.close())

describe('demo society seed', () => {
  it('creates one account per role and plain members, and a second run changes nothing', async () => {
    const first = await seedDemo(t.app.services)
    expect(first.created).toEqual(DEMO_ACCOUNTS.map((a) => a.email))
    const before = await t.app.services.db.select().from(users)
    const second = await seedDemo(t.app.services)
    expect(second.created).toEqual([])
    const after = await t.app.services.db.select().from(users)
    expect(after).toEqual(before)
    const byEmail = new Map(after.map((u) => [u.email, u]))
    expect(byEmail.get('superadmin@stagedoor.test')?.roles).toEqual(['superAdmin'])
    expect(byEmail.get('ticketadmin@stagedoor.test')?.roles).toEqual(['ticketAdmin'])
    expect(byEmail.get('member1@stagedoor.test')?.roles).toEqual([])
  })

  it('demo accounts sign in with the demo password and carry their roles', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl },
      payload: { email: 'boardmember@stagedoor.test', password: DEMO_PASSWORD },
    })
    expect(signIn.statusCode).toBe(200)
    const cookie = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ')
    const { token } = (await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })).json()
    const me = await gql<{ currentUser: { roles: string[] } }>(t.app, '{ currentUser { roles } }', { token })
    expect(me.body.data?.currentUser.roles).toEqual(['boardMember'])
  })
})
