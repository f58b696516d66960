import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplicationStatus } from '#core/applications/status.ts'
import { systemContext } from '#server/context.ts'
import { publishChanges } from '#server/modules/applications/change-status.ts'
import {
  createUser,
  insertApplication,
  insertReleasableEvent,
  type TestUser,
} from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { countQueries } from '#server/testing/test-db.ts'
import { collect, connected, watchSubscriptions, wsClient } from '#server/testing/ws-client.ts'
import { NAVIGATION_TOPICS, navigationChangeFor } from './navigation-live.ts'

let t: TestApp
let url: string
let admin: TestUser

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await createUser(t.app, { roles: ['sitrMD'], name: 'Mei Admin' })
})
afterAll(() => t.close())

/** A future sing-through with a singer type, its info pack released or not. */
const makeEvent = (options: { released?: boolean } = {}) =>
  insertReleasableEvent(t.app, { slugPrefix: 'nav', infoPackReleased: options.released ?? true })

function apply(user: TestUser, eventId: string, status: ApplicationStatus) {
  return insertApplication(t.app, { eventId, userId: user.id, status, applicationType: 'singer' })
}

async function setReleases(eventId: string, releases: { releaseParticipantInfoPack?: boolean }) {
  const res = await gql(
    t.app,
    'mutation ($id: ID!, $a: Boolean) { setEventReleases(id: $id, releaseParticipantInfoPack: $a) { id } }',
    { token: admin.token, variables: { id: eventId, a: releases.releaseParticipantInfoPack } },
  )
  expect(res.body.errors).toBeUndefined()
}

describe('myNavigationChanged', () => {
  const SUBSCRIPTION = 'subscription { myNavigationChanged { reason eventSlug } }'
  type Changed = { myNavigationChanged: { reason: string; eventSlug: string } }

  it("fires for releases of the member's events and their own applications, nothing else", async () => {
    const mine = await makeEvent({ released: false })
    const other = await makeEvent({ released: false })
    const member = await createUser(t.app)
    const someoneElse = await createUser(t.app)
    const myApp = await apply(member, mine.id, 'CONFIRMED')
    const theirApp = await apply(someoneElse, other.id, 'CONFIRMED')

    const subscriptions = watchSubscriptions(t.app.services.bus)
    const client = wsClient(url, member.token)
    try {
      const changes = collect<Changed>(client, SUBSCRIPTION)
      await connected(client)
      await subscriptions.registered(NAVIGATION_TOPICS)
      subscriptions.stop()

      await setReleases(other.id, { releaseParticipantInfoPack: true })
      await publishChanges(t.app.services.bus, [theirApp])
      await setReleases(mine.id, { releaseParticipantInfoPack: true })
      expect((await changes.next(1))[0]).toEqual({
        myNavigationChanged: { reason: 'RELEASES', eventSlug: mine.slug },
      })

      await publishChanges(t.app.services.bus, [myApp])
      expect((await changes.next(2))[1]).toEqual({
        myNavigationChanged: { reason: 'APPLICATION', eventSlug: mine.slug },
      })
      expect(changes.results).toHaveLength(2)
      expect(changes.errors).toEqual([])
    } finally {
      await client.dispose()
    }
  })

  it("drops other members' application changes without a query, and looks the member's own up once", async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const someoneElse = await createUser(t.app)
    const myApp = await apply(member, event.id, 'CONFIRMED')
    const theirApp = await apply(someoneElse, event.id, 'CONFIRMED')
    const changed = (row: typeof myApp) => ({
      eventId: row.eventId,
      applicationId: row.id,
      userId: row.userId,
      status: row.status,
      version: row.version,
    })
    const ctx = systemContext(t.app.services)
    const { dbHandle } = t.app.services
    const theirs = await countQueries(dbHandle, () => navigationChangeFor(ctx, member.id, changed(theirApp)))
    expect(theirs).toEqual({ result: null, count: 0 })
    const own = await countQueries(dbHandle, () => navigationChangeFor(ctx, member.id, changed(myApp)))
    expect(own).toEqual({ result: { reason: 'APPLICATION', eventSlug: event.slug }, count: 1 })
  })

  it('is for signed-in members only', async () => {
    const anonymous = wsClient(url)
    try {
      const changes = collect<Changed>(anonymous, SUBSCRIPTION)
      await connected(anonymous)
      await expect(changes.next(1, 3000)).rejects.toThrow(/UNAUTHENTICATED|Not logged in/)
    } finally {
      await anonymous.dispose()
    }
  })
})
