import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '#core/auth/roles.ts'
import { CAPABILITIES } from '#core/auth/policies.ts'
import { events } from '#server/db/schema/index.ts'
import { createUser, insertApplication, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// Issue 17, finding 2: an unrevealed show name reached members (learning tracks' eventTitle) and
// staff outside `admin.showReveals` (visibleShowName checked `admin.enter`).

const DAY = 86_400_000
const SECRET = 'Sweeney Todd'
let t: TestApp
let member: TestUser
const staff: Partial<Record<Role, TestUser>> = {}
let event: typeof events.$inferSelect

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  member = await createUser(t.app)
  for (const role of ['sitrMD', 'socialConvenor', 'ticketAdmin', 'boardMember', 'superAdmin'] as const)
    staff[role] = await createUser(t.app, { roles: [role] })
  const slug = `secret-${randomUUID().slice(0, 8)}`
  ;[event] = await t.app.services.db
    .insert(events)
    .values({
      slug,
      type: 'SHOW',
      title: 'Spring Show',
      showName: SECRET,
      revealAt: new Date(Date.now() + 7 * DAY),
      startDate: new Date(Date.now() + 30 * DAY),
      endDate: new Date(Date.now() + 30 * DAY + 3 * 3_600_000),
      visibility: 'public',
      eventConfig: {
        permissions: {
          releaseParticipantInfoPack: true,
          releaseFinalParticipantInfo: false,
          releaseCastList: false,
        },
        applicationTypes: {},
        paymentLines: {},
        content: { infoPack: {} },
        parts: ['Alto'],
      },
    })
    .returning()
    .then((rows) => rows)
  await insertApplication(t.app, { eventId: event.id, userId: member.id, status: 'CONFIRMED', part: 'Alto' })
})
afterAll(() => t.close())

const TRACKS = 'query ($slug: String!) { learningTracks(eventSlug: $slug) { eventTitle } }'

describe('unrevealed show names', () => {
  it("a member's learning tracks title the event without the show name", async () => {
    const res = await gql<{ learningTracks: { eventTitle: string } }>(t.app, TRACKS, {
      token: member.token,
      variables: { slug: event.slug },
    })
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data?.learningTracks.eventTitle).toBe('Spring Show')
  })

  it('only roles with admin.showReveals see the name before the reveal, in every shape', async () => {
    for (const [role, user] of Object.entries(staff)) {
      const allowed = (CAPABILITIES['admin.showReveals'] as readonly string[]).includes(role)
      const shapes = [
        `{ event(slug: "${event.slug}") { showName } }`,
        `{ listings { slug showName } }`,
        `{ events { slug showName } }`,
        `{ learningTracks(eventSlug: "${event.slug}") { eventTitle } }`,
      ]
      if ((CAPABILITIES['admin.general'] as readonly string[]).includes(role))
        shapes.push(`{ adminEvent(slug: "${event.slug}") { showName } }`)
      for (const q of shapes) {
        const body = JSON.stringify((await gql(t.app, q, { token: user!.token })).body)
        if (allowed && !q.includes('learningTracks')) expect(body, `${role} ${q}`).toContain(SECRET)
        if (!allowed) expect(body, `${role} ${q}`).not.toContain(SECRET)
      }
    }
  })

  it('an admin without admin.showReveals editing the event keeps the secret name', async () => {
    const sitr = staff.sitrMD!
    const read = await gql<{ adminEvent: Record<string, unknown> }>(
      t.app,
      `{ adminEvent(slug: "${event.slug}") { slug type title showName summary description venue startDate endDate signupDeadline visibility } }`,
      { token: sitr.token },
    )
    const input = { ...read.body.data!.adminEvent }
    expect(input.showName).toBeNull()
    const res = await gql(
      t.app,
      'mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { title } }',
      { token: sitr.token, variables: { id: event.id, input: { ...input, title: 'Spring Show 2' } } },
    )
    expect(res.body.errors).toBeUndefined()
    const row = await t.app.services.db.query.events.findFirst({
      where: (e, { eq }) => eq(e.id, event.id),
    })
    expect(row?.showName).toBe(SECRET)
    expect(row?.title).toBe('Spring Show 2')
  })
})
