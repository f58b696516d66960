import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/index.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// The user behind a token is read once and kept (decision 0027); nothing it decides may go stale.
const ME = 'query { currentUser { id name roles } }'
type Me = { currentUser: { id: string; name: string; roles: string[] } | null }

let t: TestApp
let superAdmin: TestUser

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  superAdmin = await createUser(t.app, { roles: ['superAdmin'] })
})
afterAll(() => t.close())

async function me(user: TestUser) {
  const res = await gql<Me>(t.app, ME, { token: user.token })
  expect(res.body.errors).toBeUndefined()
  return res.body.data!.currentUser!
}

async function mutate(query: string, variables: Record<string, unknown>, token: string) {
  const res = await gql(t.app, query, { token, variables })
  expect(res.body.errors).toBeUndefined()
}

describe('the user behind a token, kept between requests', () => {
  it('is kept: a row changed behind the app is seen only once the bus says so', async () => {
    const member = await createUser(t.app, { name: 'Kept Name' })
    expect((await me(member)).name).toBe('Kept Name')
    // Written straight to the database: no commit listener, no bus message.
    await t.app.services.db.update(users).set({ name: 'Quiet Rename' }).where(eq(users.id, member.id))
    expect((await me(member)).name).toBe('Kept Name')
    await t.app.services.bus.publish('USER_CHANGED', { userId: member.id, reason: 'profile' })
    await expect.poll(async () => (await me(member)).name).toBe('Quiet Rename')
  })

  it('a role granted or revoked shows on the next request', async () => {
    const member = await createUser(t.app)
    expect((await me(member)).roles).toEqual([])
    await mutate(
      'mutation ($id: ID!) { grantRole(userId: $id, role: boardMember) { id } }',
      { id: member.id },
      superAdmin.token,
    )
    expect((await me(member)).roles).toContain('boardMember')
    await mutate(
      'mutation ($id: ID!) { revokeRole(userId: $id, role: boardMember) { id } }',
      { id: member.id },
      superAdmin.token,
    )
    expect((await me(member)).roles).not.toContain('boardMember')
  })

  it('a name changed through the auth server shows on the next request', async () => {
    const member = await createUser(t.app, { name: 'Before Auth' })
    expect((await me(member)).name).toBe('Before Auth')
    await t.app.services.auth.api.updateUser({
      headers: new Headers({ cookie: member.cookie }),
      body: { name: 'After Auth' },
    })
    expect((await me(member)).name).toBe('After Auth')
  })

  it('a deleted account is refused at once', async () => {
    const member = await createUser(t.app)
    await me(member)
    await t.app.services.db.delete(users).where(eq(users.id, member.id))
    t.app.services.viewers.forget(member.id)
    const res = await gql(t.app, ME, { token: member.token })
    expect(res.status).toBe(401)
    expect(res.body.errors?.[0]?.extensions?.code).toBe('USER_DELETED')
  })

  it('is never shared with a caller who could change it', async () => {
    const member = await createUser(t.app)
    const viewer = await t.app.services.viewers.viewerById(member.id)
    expect(Object.isFrozen(viewer)).toBe(true)
    expect(Object.isFrozen(viewer!.roles)).toBe(true)
  })
})
