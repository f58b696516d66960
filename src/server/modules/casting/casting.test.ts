import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplicationStatus } from '#core/applications/status.ts'
import { eventConfigSchema } from '#core/events/event-config.schemas.ts'
import {
  applicationReviews,
  applications,
  auditLog,
  events,
  profiles,
  users,
} from '#server/db/schema/index.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { countQueries } from '#server/testing/test-db.ts'
import { collect, connected, watchSubscriptions, wsClient } from '#server/testing/ws-client.ts'
import { RACE_NOTE } from '#server/testing/race.ts'

let t: TestApp
let url: string
let mei: TestUser
let bea: TestUser
let owner: TestUser
let stranger: TestUser
let eventId: string
let otherEventId: string
const EVENT = 'casting-test-show'
const DAY = 86_400_000

interface Applicant {
  name: string
  preferredName?: string
  type: string
  status: ApplicationStatus
  part?: string
  scores?: number[]
}

// Twelve applicants: three types, several statuses, some parts and scores.
const PEOPLE: Applicant[] = [
  { name: 'Ava Ahmed', type: 'singer', status: 'SUBMITTED', scores: [5, 4] },
  { name: 'Ben Brown', type: 'singer', status: 'OFFERED', part: 'Baker', scores: [3] },
  { name: 'Chloe Chen', preferredName: 'Clo', type: 'singer', status: 'SUBMITTED', scores: [2, 2] },
  { name: 'Dev Davies', type: 'orchestra', status: 'WAITLISTED' },
  { name: 'Elif Evans', type: 'orchestra', status: 'SUBMITTED', scores: [4] },
  { name: 'Finn Fraser', type: 'crew', status: 'REJECTED', scores: [1] },
  { name: 'Grace Gupta', type: 'singer', status: 'CONFIRMED', part: 'Witch', scores: [5] },
  { name: 'Hamza Hughes', type: 'singer', status: 'SUBMITTED' },
  { name: 'Isla Iqbal', type: 'crew', status: 'SUBMITTED', scores: [3, 4] },
  { name: 'Jack Jones', type: 'orchestra', status: 'PAID', part: 'Baker' },
  { name: 'Kemi 100% Khan', type: 'singer', status: 'SUBMITTED' },
  { name: 'Leo Lewis', type: 'singer', status: 'WITHDRAWN' },
]

const ids = new Map<string, string>()
let ownerApplicationId: string

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  mei = await createUser(t.app, { roles: ['sitrMD'], name: 'Mei Tanaka' })
  bea = await createUser(t.app, { roles: ['boardMember'], name: 'Bea Lindqvist' })
  owner = await createUser(t.app, { name: 'Olu Owner' })
  stranger = await createUser(t.app, { name: 'Sam Stranger' })
  const { db } = t.app.services
  const config = eventConfigSchema.parse({
    applicationTypes: {
      singer: {
        label: 'Cast',
        questions: [
          { id: 'why', label: 'Why this show?', kind: 'long_text', required: true },
          { id: 'recording', label: 'Audition recording', kind: 'file' },
        ],
      },
      orchestra: { label: 'Band' },
      crew: { label: 'Crew' },
    },
    parts: ['Baker', 'Witch', 'Cinderella'],
  })
  const [event] = await db
    .insert(events)
    .values({
      slug: EVENT,
      type: 'SHOW',
      title: 'Into the Woods',
      startDate: new Date(Date.now() + 60 * DAY),
      endDate: new Date(Date.now() + 63 * DAY),
      visibility: 'public',
      eventConfig: config,
    })
    .returning()
  eventId = event!.id
  const [other] = await db
    .insert(events)
    .values({
      slug: 'casting-test-past',
      type: 'SINGTHROUGH',
      title: 'Last Summer',
      startDate: new Date(Date.now() - 90 * DAY),
      endDate: new Date(Date.now() - 90 * DAY),
      visibility: 'public',
      eventConfig: eventConfigSchema.parse({ applicationTypes: { singer: { label: 'Singer' } } }),
    })
    .returning()
  otherEventId = other!.id

  for (const [i, p] of PEOPLE.entries()) {
    const userId = `casting-${i}`
    await db.insert(users).values({ id: userId, email: `casting-${i}@stagedoor.test`, name: p.name })
    await db.insert(profiles).values({
      userId,
      slug: `casting-${i}`,
      preferredName: p.preferredName ?? null,
      pronouns: 'they/them',
      voicePart: 'alto 1',
    })
    const [row] = await db
      .insert(applications)
      .values({
        eventId,
        userId,
        applicationType: p.type,
        slug: `casting-${i}-${p.type}`,
        status: p.status,
        part: p.part ?? null,
        submittedAt: new Date(Date.now() - (20 - i) * 3_600_000),
        answers: p.type === 'singer' ? { why: `Because ${p.name} loves Sondheim.` } : {},
      })
      .returning()
    ids.set(p.name, row!.id)
    const reviewers = [mei.id, bea.id]
    for (const [j, score] of (p.scores ?? []).entries()) {
      await db.insert(applicationReviews).values({ applicationId: row!.id, reviewerId: reviewers[j]!, score })
    }
  }
  // The owner: a singer here (with a file answer) and a crew application too, and a past PAID one.
  await db.insert(profiles).values({ userId: owner.id, slug: 'olu-owner', phone: '07700 900123' })
  const [mine] = await db
    .insert(applications)
    .values({
      eventId,
      userId: owner.id,
      applicationType: 'singer',
      slug: 'olu-owner-singer',
      answers: {
        why: 'I was the Baker at school.',
        recording: { key: 'uploads/olu/audition.mp3', name: 'audition.mp3' },
      },
    })
    .returning()
  ownerApplicationId = mine!.id
  await db.insert(applications).values([
    { eventId, userId: owner.id, applicationType: 'crew', slug: 'olu-owner-crew' },
    {
      eventId: otherEventId,
      userId: owner.id,
      applicationType: 'singer',
      slug: 'olu-owner-singer',
      status: 'PAID',
      part: 'Soprano',
    },
  ])
  await db
    .insert(applicationReviews)
    .values({ applicationId: ownerApplicationId, reviewerId: bea.id, score: 4, note: 'Strong belt.' })
})
afterAll(() => t.close())

const LIST = `query ($slug: String!, $filter: CastingFilter, $sort: CastingSort, $first: Int, $after: String) {
  castingApplications(eventSlug: $slug, filter: $filter, sort: $sort, first: $first, after: $after) {
    totalCount
    event { slug parts applicationTypes { key label } }
    nodes { id slug name preferredName applicationType status part averageScore reviewCount version }
    pageInfo { hasNextPage endCursor }
    statusCounts { key count }
    typeCounts { key count }
    partCounts { key count }
  }
}`

type Node = {
  id: string
  slug: string
  name: string
  preferredName: string | null
  applicationType: string
  status: string
  part: string | null
  averageScore: number | null
  reviewCount: number
  version: number
}
type ListResult = {
  castingApplications: {
    totalCount: number
    nodes: Node[]
    pageInfo: { hasNextPage: boolean; endCursor: string | null }
    statusCounts: { key: string; count: number }[]
    typeCounts: { key: string; count: number }[]
    partCounts: { key: string; count: number }[]
  }
}

async function list(variables: Record<string, unknown>, token = mei.token) {
  const res = await gql<ListResult>(t.app, LIST, { token, variables: { slug: EVENT, ...variables } })
  expect(res.body.errors).toBeUndefined()
  return res.body.data!.castingApplications
}
const names = (nodes: Node[]) => nodes.map((n) => n.name)
const TOTAL = PEOPLE.length + 2

describe('casting list', () => {
  it('is for admins only', async () => {
    const anon = await gql(t.app, LIST, { variables: { slug: EVENT } })
    expect(anon.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED')
    const member = await gql(t.app, LIST, { token: owner.token, variables: { slug: EVENT } })
    expect(member.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    const missing = await gql(t.app, LIST, { token: mei.token, variables: { slug: 'no-such-event' } })
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
  })

  it('lists every application with average scores, and counts for the chips', async () => {
    const page = await list({ first: 100 })
    expect(page.totalCount).toBe(TOTAL)
    expect(page.nodes).toHaveLength(TOTAL)
    const ava = page.nodes.find((n) => n.name === 'Ava Ahmed')!
    expect(ava).toMatchObject({ averageScore: 4.5, reviewCount: 2, status: 'SUBMITTED' })
    expect(page.nodes.find((n) => n.name === 'Hamza Hughes')).toMatchObject({
      averageScore: null,
      reviewCount: 0,
    })
    expect(page.statusCounts.find((c) => c.key === 'SUBMITTED')?.count).toBe(8)
    expect(page.typeCounts).toEqual([
      { key: 'crew', count: 3 },
      { key: 'orchestra', count: 3 },
      { key: 'singer', count: 8 },
    ])
    expect(page.partCounts).toEqual([
      { key: '', count: 11 },
      { key: 'Baker', count: 2 },
      { key: 'Witch', count: 1 },
    ])
  })

  it('filters by type, status, part and score on the server; each chip counts without its own facet', async () => {
    const singers = await list({ first: 100, filter: { types: ['singer'], statuses: ['SUBMITTED'] } })
    expect(names(singers.nodes).sort()).toEqual(
      ['Ava Ahmed', 'Chloe Chen', 'Hamza Hughes', 'Kemi 100% Khan', 'Olu Owner'].sort(),
    )
    expect(singers.totalCount).toBe(5)
    // Type chips count submitted applications of every type; status chips count singers of every status.
    expect(singers.typeCounts.find((c) => c.key === 'crew')?.count).toBe(2)
    expect(singers.statusCounts.find((c) => c.key === 'OFFERED')?.count).toBe(1)

    const baker = await list({ filter: { parts: ['Baker'] } })
    expect(names(baker.nodes).sort()).toEqual(['Ben Brown', 'Jack Jones'])
    const none = await list({ first: 100, filter: { parts: [''] } })
    expect(none.totalCount).toBe(11)

    const strong = await list({ filter: { minScore: 4 } })
    expect(names(strong.nodes).sort()).toEqual(['Ava Ahmed', 'Elif Evans', 'Grace Gupta', 'Olu Owner'])
    const middling = await list({ filter: { minScore: 2, maxScore: 3.5 } })
    expect(names(middling.nodes).sort()).toEqual(['Ben Brown', 'Chloe Chen', 'Isla Iqbal'])

    const bad = await gql(t.app, LIST, {
      token: mei.token,
      variables: { slug: EVENT, filter: { minScore: 9 } },
    })
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
  })

  it('searches names and preferred names, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(names((await list({ filter: { search: 'chen' } })).nodes)).toEqual(['Chloe Chen'])
    expect(names((await list({ filter: { search: 'CLO' } })).nodes)).toEqual(['Chloe Chen'])
    expect(names((await list({ filter: { search: '100%' } })).nodes)).toEqual(['Kemi 100% Khan'])
    expect((await list({ filter: { search: '%' } })).nodes.map((n) => n.name)).toEqual(['Kemi 100% Khan'])
    expect((await list({ filter: { search: '_' } })).totalCount).toBe(0)
  })

  it('sorts by name, score (unscored last both ways), status and type', async () => {
    const byName = await list({ first: 100, sort: { field: 'NAME', direction: 'ASC' } })
    const sorted = [...names(byName.nodes)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
    expect(names(byName.nodes)).toEqual(sorted)
    const desc = await list({ first: 100, sort: { field: 'NAME', direction: 'DESC' } })
    expect(names(desc.nodes)).toEqual([...sorted].reverse())

    const best = await list({ first: 100, sort: { field: 'SCORE', direction: 'DESC' } })
    expect(best.nodes[0]?.averageScore).toBe(5)
    const scores = best.nodes.map((n) => n.averageScore)
    const firstNull = scores.indexOf(null)
    expect(scores.slice(firstNull).every((s) => s === null)).toBe(true)
    const worst = await list({ first: 100, sort: { field: 'SCORE', direction: 'ASC' } })
    expect(worst.nodes[0]?.averageScore).toBe(1)
    expect(worst.nodes.at(-1)?.averageScore).toBeNull()

    const byStatus = await list({ first: 100, sort: { field: 'STATUS', direction: 'ASC' } })
    expect(byStatus.nodes[0]?.status).toBe('SUBMITTED')
    expect(byStatus.nodes.at(-1)?.status).toBe('WITHDRAWN')
    const byType = await list({ first: 100, sort: { field: 'TYPE', direction: 'DESC' } })
    expect(byType.nodes[0]?.applicationType).toBe('singer')
  })

  it('pages without duplicates or gaps, in every sort', async () => {
    for (const field of ['NAME', 'SUBMITTED_AT', 'SCORE', 'STATUS', 'TYPE']) {
      const seen: string[] = []
      let after: string | null = null
      let pages = 0
      do {
        const page = await list({ first: 4, after, sort: { field, direction: 'DESC' } })
        expect(page.totalCount).toBe(TOTAL)
        seen.push(...page.nodes.map((n) => n.id))
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null
        pages++
      } while (after)
      expect(pages, field).toBe(Math.ceil(TOTAL / 4))
      expect(new Set(seen).size, field).toBe(TOTAL)
      const all = await list({ first: 100, sort: { field, direction: 'DESC' } })
      expect(seen, field).toEqual(all.nodes.map((n) => n.id))
    }
    const bad = await gql(t.app, LIST, { token: mei.token, variables: { slug: EVENT, after: '!!nope' } })
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    // Plain offsets work too, and page size is capped at 200.
    const offset = await list({ first: 3, after: '3', sort: { field: 'NAME', direction: 'ASC' } })
    const byName = await list({ first: 100, sort: { field: 'NAME', direction: 'ASC' } })
    expect(offset.nodes.map((n) => n.id)).toEqual(byName.nodes.slice(3, 6).map((n) => n.id))
  })

  it('costs a fixed number of queries however many rows the page has', async () => {
    const { dbHandle } = t.app.services
    const small = await countQueries(dbHandle, () =>
      gql(t.app, LIST, { token: mei.token, variables: { slug: EVENT, first: 2 } }),
    )
    const large = await countQueries(dbHandle, () =>
      gql(t.app, LIST, { token: mei.token, variables: { slug: EVENT, first: 200 } }),
    )
    expect(large.count).toBe(small.count)
    // viewer, event, page, grouped counts
    expect(large.count).toBeLessThanOrEqual(5)
  })

  it('gives the previous and next application in the list’s order', async () => {
    const sort = { field: 'NAME', direction: 'ASC' }
    const filter = { types: ['singer'] }
    const all = names((await list({ first: 100, sort, filter })).nodes)
    const slugOf = async (name: string) =>
      (await list({ first: 100, filter: { search: name } })).nodes[0]!.slug
    const q = `query ($slug: String!, $app: String!, $filter: CastingFilter, $sort: CastingSort) {
      castingNeighbours(eventSlug: $slug, slug: $app, filter: $filter, sort: $sort) { previous next position totalCount } }`
    const at = async (name: string) =>
      (
        await gql<{ castingNeighbours: Record<string, unknown> }>(t.app, q, {
          token: mei.token,
          variables: { slug: EVENT, app: await slugOf(name), filter, sort },
        })
      ).body.data!.castingNeighbours
    expect(await at(all[0]!)).toEqual({
      previous: null,
      next: await slugOf(all[1]!),
      position: 1,
      totalCount: all.length,
    })
    expect(await at(all[2]!)).toMatchObject({ previous: await slugOf(all[1]!), next: await slugOf(all[3]!) })
    expect((await at(all.at(-1)!)).next).toBeNull()
  })
})

const DETAIL = `query ($slug: String!, $app: String!) {
  castingApplication(eventSlug: $slug, slug: $app) {
    id name status version averageScore
    answers { questionId label kind text fileName fileUrl }
    application {
      id
      applicant { name email phone preferredName }
      reviews { reviewerName score note mine }
      myReview { score note }
      pastParticipation { eventTitle eventType status part }
      otherApplications { slug applicationType }
    }
  }
}`

type DetailResult = {
  answers: { kind: string; fileUrl: string | null }[]
  application: Record<string, unknown>
}

describe('casting detail', () => {
  it('shows answers (files as signed links), profile, reviews, history and other applications', async () => {
    const res = await gql<{ castingApplication: DetailResult }>(t.app, DETAIL, {
      token: mei.token,
      variables: { slug: EVENT, app: 'olu-owner-singer' },
    })
    expect(res.body.errors).toBeUndefined()
    const detail = res.body.data!.castingApplication
    expect(detail.answers[0]).toMatchObject({ questionId: 'why', text: 'I was the Baker at school.' })
    expect(detail.answers[1]).toMatchObject({ kind: 'file', fileName: 'audition.mp3' })
    expect(detail.answers[1]?.fileUrl).toMatch(/^\/api\/files\/uploads\/olu\/audition\.mp3\?exp=\d+&sig=/)
    expect(detail.application.applicant).toEqual({
      name: 'Olu Owner',
      email: owner.email,
      phone: '07700 900123',
      preferredName: null,
    })
    expect(detail.application.reviews).toEqual([
      { reviewerName: 'Bea Lindqvist', score: 4, note: 'Strong belt.', mine: false },
    ])
    expect(detail.application.myReview).toBeNull()
    expect(detail.application.pastParticipation).toEqual([
      { eventTitle: 'Last Summer', eventType: 'SINGTHROUGH', status: 'PAID', part: 'Soprano' },
    ])
    expect(detail.application.otherApplications).toEqual([
      { slug: 'olu-owner-crew', applicationType: 'crew' },
    ])
  })

  it('refuses the admin-only fields to the applicant and hides the application from other members', async () => {
    for (const field of [
      'reviews { score note }',
      'myReview { score }',
      'applicant { email }',
      'pastParticipation { eventTitle }',
      'otherApplications { slug }',
    ]) {
      const q = `query ($id: ID!) { application(id: $id) { id ${field} } }`
      const mine = await gql(t.app, q, { token: owner.token, variables: { id: ownerApplicationId } })
      expect(mine.body.errors?.[0]?.extensions?.code, field).toBe('FORBIDDEN')
      expect(JSON.stringify(mine.body), field).not.toContain('Strong belt')
      const theirs = await gql(t.app, q, { token: stranger.token, variables: { id: ownerApplicationId } })
      expect(theirs.body.errors?.[0]?.extensions?.code, field).toMatch(/^(NOT_FOUND|FORBIDDEN)$/)
    }
    const detail = await gql(t.app, DETAIL, {
      token: owner.token,
      variables: { slug: EVENT, app: 'olu-owner-singer' },
    })
    expect(detail.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
  })
})

const SAVE_REVIEW = `mutation ($id: ID!, $score: Int, $note: String) {
  saveReview(applicationId: $id, score: $score, note: $note) { reviewerName score note mine } }`
const ASSIGN = `mutation ($id: ID!, $part: String, $v: Int!) {
  assignPart(applicationId: $id, part: $part, expectedVersion: $v) { id part version } }`

describe('reviews and part assignment', () => {
  it('keeps one review per reviewer, updates it in place and averages them', async () => {
    const id = ids.get('Hamza Hughes')!
    const a = await gql(t.app, SAVE_REVIEW, {
      token: mei.token,
      variables: { id, score: 4, note: 'Lovely tone' },
    })
    expect(a.body.data).toEqual({
      saveReview: { reviewerName: 'Mei Tanaka', score: 4, note: 'Lovely tone', mine: true },
    })
    await gql(t.app, SAVE_REVIEW, { token: bea.token, variables: { id, score: 1, note: 'Flat' } })
    const again = await gql(t.app, SAVE_REVIEW, {
      token: bea.token,
      variables: { id, score: 2, note: 'Flat in places' },
    })
    expect(again.body.errors).toBeUndefined()
    const node = (await list({ filter: { search: 'Hamza' } })).nodes[0]!
    expect(node).toMatchObject({ averageScore: 3, reviewCount: 2 })
    const q = `query ($id: ID!) { application(id: $id) { reviews { reviewerName score note } myReview { score } } }`
    const seen = await gql<{ application: { reviews: unknown[]; myReview: unknown } }>(t.app, q, {
      token: bea.token,
      variables: { id },
    })
    expect(seen.body.data!.application.reviews).toHaveLength(2)
    expect(seen.body.data!.application.myReview).toEqual({ score: 2 })
    const cleared = await gql(t.app, SAVE_REVIEW, {
      token: mei.token,
      variables: { id, score: null, note: 'Undecided' },
    })
    expect(cleared.body.errors).toBeUndefined()
    expect((await list({ filter: { search: 'Hamza' } })).nodes[0]).toMatchObject({
      averageScore: 2,
      reviewCount: 2,
    })

    const bad = await gql(t.app, SAVE_REVIEW, { token: mei.token, variables: { id, score: 6 } })
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    const member = await gql(t.app, SAVE_REVIEW, { token: owner.token, variables: { id, score: 5 } })
    expect(member.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    const audits = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'application.review')))
    expect(audits.length).toBe(4)
  })

  it(`assigns one of the event’s parts with a version check: of two saves at once one wins (${RACE_NOTE}), nothing lost`, async () => {
    const id = ids.get('Ava Ahmed')!
    const [before] = await t.app.services.db.select().from(applications).where(eq(applications.id, id))
    const v = before!.version
    const unknown = await gql(t.app, ASSIGN, { token: mei.token, variables: { id, part: 'Narrator', v } })
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')

    // Two admins save from the same screen at once: exactly one wins, the other is told.
    const [a, b] = await Promise.all([
      gql<{ assignPart: { part: string; version: number } }>(t.app, ASSIGN, {
        token: mei.token,
        variables: { id, part: 'Witch', v },
      }),
      gql<{ assignPart: { part: string; version: number } }>(t.app, ASSIGN, {
        token: bea.token,
        variables: { id, part: 'Cinderella', v },
      }),
    ])
    const results = [a, b]
    const won = results.filter((r) => !r.body.errors)
    const lost = results.filter((r) => r.body.errors)
    expect(won).toHaveLength(1)
    expect(lost[0]?.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    const winner = won[0]!.body.data!.assignPart
    expect(winner.version).toBe(v + 1)
    const [after] = await t.app.services.db.select().from(applications).where(eq(applications.id, id))
    expect(after).toMatchObject({ part: winner.part, version: v + 1 })

    const stale = await gql(t.app, ASSIGN, { token: bea.token, variables: { id, part: 'Baker', v } })
    expect(stale.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    const cleared = await gql(t.app, ASSIGN, { token: bea.token, variables: { id, part: null, v: v + 1 } })
    expect(cleared.body.data).toEqual({ assignPart: { id, part: null, version: v + 2 } })
    const audit = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'application.assign-part')))
    expect(audit.map((r) => (r.after as { part: string | null }).part).sort()).toEqual(
      [winner.part, null].sort(),
    )
    const member = await gql(t.app, ASSIGN, {
      token: owner.token,
      variables: { id, part: 'Baker', v: v + 2 },
    })
    expect(member.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
  })
})

describe('live changes', () => {
  const subscription = (slug: string) =>
    `subscription { applicationChanged(eventSlug: "${slug}") { applicationId status version application { part } } }`
  type Change = {
    applicationChanged: { applicationId: string; version: number; application: { part: string | null } }
  }

  it('delivers a change another admin makes to admins watching that event only', async () => {
    const watching = wsClient(url, mei.token)
    try {
      const subscriptions = watchSubscriptions(t.app.services.bus)
      const changes = collect<Change>(watching, subscription(EVENT))
      const elsewhere = collect<Change>(watching, subscription('casting-test-past'))
      await connected(watching)
      await subscriptions.registered('APPLICATION_CHANGED', 2)
      subscriptions.stop()
      const id = ids.get('Elif Evans')!
      const [row] = await t.app.services.db.select().from(applications).where(eq(applications.id, id))
      const res = await gql(t.app, ASSIGN, {
        token: bea.token,
        variables: { id, part: 'Baker', v: row!.version },
      })
      expect(res.body.errors).toBeUndefined()
      const [first] = await changes.next(1)
      expect(first?.applicationChanged).toEqual({
        applicationId: id,
        status: 'SUBMITTED',
        version: row!.version + 1,
        application: { part: 'Baker' },
      })
      // A later change to the other event reaches the other subscription: it is the first thing that
      // subscription saw, so the change above was held back, not merely slow.
      const [past] = await t.app.services.db
        .select()
        .from(applications)
        .where(eq(applications.eventId, otherEventId))
      await t.app.services.bus.publish('APPLICATION_CHANGED', {
        eventId: otherEventId,
        applicationId: past!.id,
        userId: past!.userId,
        status: past!.status,
        version: past!.version,
      })
      expect((await elsewhere.next(1)).map((c) => c.applicationChanged.applicationId)).toEqual([past!.id])
      expect(changes.results).toHaveLength(1)
    } finally {
      await watching.dispose()
    }
  })

  it('refuses members and anonymous subscribers', async () => {
    for (const token of [owner.token, undefined]) {
      const client = wsClient(url, token)
      try {
        const changes = collect<Change>(client, subscription(EVENT))
        await expect(changes.next(1, 3000)).rejects.toThrow(
          token ? /FORBIDDEN|permission/ : /UNAUTHENTICATED|Not logged in/,
        )
      } finally {
        await client.dispose()
      }
    }
  })
})
