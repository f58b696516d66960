import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createUser,
  insertApplication,
  insertReleasableEvent,
  type TestUser,
} from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { navigationCacheFor, type NavigationCache } from './navigation-cache.ts'

// Freshness of the cached NavItemsQuery (decision 0027): each change shows on the next request.
const NAV_ITEMS = `query NavItemsQuery {
  myApplications { id status event { slug title eventConfig { permissions { releaseParticipantInfoPack } } } }
}`
type Nav = {
  myApplications: {
    id: string
    status: string
    event: { slug: string; eventConfig: { permissions: { releaseParticipantInfoPack: boolean } } }
  }[]
}

let t: TestApp
let superAdmin: TestUser
let cache: NavigationCache

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  superAdmin = await createUser(t.app, { roles: ['superAdmin', 'sitrMD'] })
  cache = navigationCacheFor(t.app.services)!
})
afterAll(() => t.close())

const makeEvent = () => insertReleasableEvent(t.app, { slugPrefix: 'cache' })

/** NavItemsQuery as `user`, checking whether the cache answered. */
async function nav(user: TestUser): Promise<{ data: Nav; fromCache: boolean }> {
  const hits = cache.hits
  const res = await gql<Nav>(t.app, NAV_ITEMS, { token: user.token, operationName: 'NavItemsQuery' })
  expect(res.body.errors).toBeUndefined()
  return { data: res.body.data!, fromCache: cache.hits > hits }
}

async function mutate(query: string, variables: Record<string, unknown>, token: string) {
  const res = await gql(t.app, query, { token, variables })
  expect(res.body.errors).toBeUndefined()
}

describe('NavItemsQuery cached per member', () => {
  it('answers a repeat from memory, per member', async () => {
    const event = await makeEvent()
    const a = await createUser(t.app)
    const b = await createUser(t.app)
    await insertApplication(t.app, { eventId: event.id, userId: a.id, status: 'CONFIRMED' })
    const first = await nav(a)
    const again = await nav(a)
    expect(again.fromCache).toBe(true)
    expect(again.data).toEqual(first.data)
    // Another member never gets a's answer.
    const theirs = await nav(b)
    expect(theirs.fromCache).toBe(false)
    expect(theirs.data.myApplications).toEqual([])
  })

  it('releasing an info pack shows on the next request', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    await insertApplication(t.app, { eventId: event.id, userId: member.id, status: 'CONFIRMED' })
    await nav(member)
    expect((await nav(member)).fromCache).toBe(true)
    await mutate(
      'mutation ($id: ID!) { setEventReleases(id: $id, releaseParticipantInfoPack: true) { id } }',
      { id: event.id },
      superAdmin.token,
    )
    const next = await nav(member)
    expect(next.fromCache).toBe(false)
    expect(next.data.myApplications[0]!.event.eventConfig.permissions.releaseParticipantInfoPack).toBe(true)
  })

  it('withdrawing an application shows on the next request', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const app = await insertApplication(t.app, { eventId: event.id, userId: member.id, status: 'SUBMITTED' })
    expect((await nav(member)).data.myApplications[0]!.status).toBe('SUBMITTED')
    expect((await nav(member)).fromCache).toBe(true)
    await mutate('mutation ($id: ID!) { withdrawApplication(id: $id) { id } }', { id: app.id }, member.token)
    const next = await nav(member)
    expect(next.fromCache).toBe(false)
    expect(next.data.myApplications[0]!.status).toBe('WITHDRAWN')
  })

  it("revoking a member's role drops their cached answer: the next request is computed afresh", async () => {
    const event = await makeEvent()
    const member = await createUser(t.app, { roles: ['sitrMD'] })
    await insertApplication(t.app, { eventId: event.id, userId: member.id, status: 'CONFIRMED' })
    await nav(member)
    expect((await nav(member)).fromCache).toBe(true)
    await mutate(
      'mutation ($u: ID!, $r: Role!) { revokeRole(userId: $u, role: $r) { id } }',
      { u: member.id, r: 'sitrMD' },
      superAdmin.token,
    )
    expect((await nav(member)).fromCache).toBe(false)
  })

  it('an application changed by a message from another process clears that member only', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const other = await createUser(t.app)
    const app = await insertApplication(t.app, { eventId: event.id, userId: member.id, status: 'SUBMITTED' })
    await insertApplication(t.app, { eventId: event.id, userId: other.id, status: 'SUBMITTED' })
    await nav(member)
    await nav(other)
    await t.app.services.bus.publish('APPLICATION_CHANGED', {
      eventId: event.id,
      applicationId: app.id,
      userId: member.id,
      status: 'OFFERED',
      version: 2,
    })
    // On PostgreSQL the message comes back through LISTEN/NOTIFY, a moment after publish returns.
    await expect.poll(async () => (await nav(member)).fromCache, { timeout: 5000 }).toBe(false)
    expect((await nav(other)).fromCache).toBe(true)
  })
})
