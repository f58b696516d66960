import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, profiles, users } from '#server/db/schema/index.ts'
import {
  createUser,
  insertApplication,
  insertReleasableEvent,
  type TestUser,
} from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

let t: TestApp
let board: TestUser
let member: TestUser
let eventSlug: string
const PREFIX = `rec${Date.now().toString(36)}`

const LIST = `query List($filter: MemberRecordFilter, $offset: Int, $limit: Int) {
  memberRecords(filter: $filter, offset: $offset, limit: $limit) {
    total offset items { id slug name email voicePart roles instruments }
  }
}`
const CSV = 'query Csv($filter: MemberRecordFilter) { memberRecordsCsv(filter: $filter) }'
const DETAIL = `query Detail($slug: String!) {
  memberRecord(slug: $slug) {
    id member { name email roles } phone
    applications { eventSlug status paidPence } payments { amountPence }
    subscriptions { listName status } roleTerms { role } audit(limit: 10) { action before after }
  }
}`
const EDIT = `mutation Edit($slug: String!, $input: StaffProfileEditInput!) {
  updateMemberProfile(slug: $slug, input: $input) { id slug name }
}`

interface Row {
  id: string
  slug: string
  name: string
  email: string
  voicePart: string | null
  roles: string[]
}

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  board = await createUser(t.app, { roles: ['boardMember'], name: `${PREFIX} Board` })
  member = await createUser(t.app, { name: `${PREFIX} Plain Member` })
  const { db } = t.app.services
  // 24 searchable members: altos play violin, tenors cello; joined in 2024 or 2025.
  for (let i = 0; i < 24; i++) {
    const u = await createUser(t.app, {
      name: `${PREFIX} Singer ${String(i).padStart(2, '0')}`,
      email: `${PREFIX}-singer${i}@stagedoor.test`,
      roles: i === 3 ? ['orchestraAdmin'] : [],
    })
    await db.insert(profiles).values({
      userId: u.id,
      slug: `${PREFIX}-singer-${i}`,
      voicePart: i % 2 ? 'alto' : 'tenor',
      instruments: [{ instrument: i % 2 ? 'Violin' : 'Cello', level: 'advanced' }],
    })
    await db
      .update(users)
      .set({ createdAt: new Date(Date.UTC(i < 10 ? 2024 : 2025, 5, 1)) })
      .where(eq(users.id, u.id))
  }
  const event = await insertReleasableEvent(t.app, { slugPrefix: PREFIX })
  eventSlug = event.slug
  const rows = await db.select().from(users)
  const singer = (n: number) => rows.find((r) => r.email === `${PREFIX}-singer${n}@stagedoor.test`)!
  await insertApplication(t.app, { eventId: event.id, userId: singer(1).id, status: 'CONFIRMED' })
  await insertApplication(t.app, { eventId: event.id, userId: singer(2).id, status: 'PAID' })
  await insertApplication(t.app, { eventId: event.id, userId: singer(4).id, status: 'SUBMITTED' })
})
afterAll(async () => t?.close())

async function list(filter: Record<string, unknown>, offset = 0, limit = 50) {
  const res = await gql<{ memberRecords: { total: number; offset: number; items: Row[] } }>(t.app, LIST, {
    token: board.token,
    variables: { filter: { search: PREFIX, ...filter }, offset, limit },
  })
  expect(res.body.errors).toBeUndefined()
  return res.body.data!.memberRecords
}

describe('member records', () => {
  it('refuses a plain member and anonymous callers; a boardMember may read', async () => {
    for (const query of [LIST, CSV]) {
      const asMember = await gql(t.app, query, { token: member.token })
      expect(asMember.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
      const anonymous = await gql(t.app, query)
      expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED')
    }
    const detail = await gql(t.app, DETAIL, {
      token: member.token,
      variables: { slug: `${PREFIX}-singer-1` },
    })
    expect(detail.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    const edit = await gql(t.app, EDIT, {
      token: member.token,
      variables: { slug: `${PREFIX}-singer-1`, input: { name: 'Hacked' } },
    })
    expect(edit.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
    expect((await list({})).total).toBe(26)
  })

  it('searches, filters and pages in the database', async () => {
    expect((await list({ search: `${PREFIX}-singer1` })).items.map((r) => r.slug)).toEqual(
      expect.arrayContaining([`${PREFIX}-singer-1`, `${PREFIX}-singer-10`]),
    )
    const altos = await list({ voicePart: 'alto' })
    expect(altos.total).toBe(12)
    expect(altos.items.every((r) => r.voicePart === 'alto')).toBe(true)
    expect((await list({ instrument: 'violin' })).total).toBe(12)
    expect((await list({ instrument: 'cello', voicePart: 'alto' })).total).toBe(0)
    expect((await list({ role: 'orchestraAdmin' })).items.map((r) => r.slug)).toEqual([`${PREFIX}-singer-3`])
    expect((await list({ joinedYear: 2024 })).total).toBe(10)
    // Participants only: CONFIRMED and PAID, not SUBMITTED.
    expect((await list({ eventSlug })).items.map((r) => r.slug).sort()).toEqual([
      `${PREFIX}-singer-1`,
      `${PREFIX}-singer-2`,
    ])
    expect((await list({ eventSlug: 'no-such-event' })).total).toBe(0)
    // Pages: ordered by name, no overlap, every match once.
    const pages = [await list({}, 0, 10), await list({}, 10, 10), await list({}, 20, 10)]
    const ids = pages.flatMap((p) => p.items.map((r) => r.id))
    expect(pages.map((p) => p.items.length)).toEqual([10, 10, 6])
    expect(new Set(ids).size).toBe(26)
    const names = pages.flatMap((p) => p.items.map((r) => r.name.toLowerCase()))
    expect(names).toEqual([...names].sort())
    // Bad input: a voice part that is not one, a search % that is literal.
    const bad = await gql(t.app, LIST, { token: board.token, variables: { filter: { voicePart: 'kazoo' } } })
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    expect((await list({ search: `${PREFIX}%` })).total).toBe(0)
  })

  it('never lists the anonymous holder of a deleted member’s applications', async () => {
    const holderId = `deleted-${PREFIX}`
    await t.app.services.db.insert(users).values({
      id: holderId,
      name: `${PREFIX} Deleted member`,
      email: `${holderId}@deleted.invalid`,
      emailVerified: false,
      roles: [],
    })
    try {
      expect((await list({ search: `${PREFIX} Deleted` })).total).toBe(0)
      expect((await list({})).items.map((r) => r.id)).not.toContain(holderId)
      const csv = await gql<{ memberRecordsCsv: string }>(t.app, CSV, {
        token: board.token,
        variables: { filter: { search: PREFIX } },
      })
      expect(csv.body.data?.memberRecordsCsv).not.toContain('deleted.invalid')
    } finally {
      await t.app.services.db.delete(users).where(eq(users.id, holderId))
    }
  })

  it('exports exactly the filtered list as CSV', async () => {
    const filter = { search: PREFIX, instrument: 'Violin', joinedYear: 2025 }
    const shown = await list(filter, 0, 200)
    const res = await gql<{ memberRecordsCsv: string }>(t.app, CSV, {
      token: board.token,
      variables: { filter },
    })
    expect(res.body.errors).toBeUndefined()
    const rows = parse(res.body.data!.memberRecordsCsv, { columns: true }) as Record<string, string>[]
    expect(rows.length).toBe(shown.total)
    expect(rows.map((r) => r.email)).toEqual(shown.items.map((r) => r.email))
    expect(rows[0]).toMatchObject({ voice_part: 'alto', instruments: 'Violin (advanced)' })
  })

  it('shows the record and audits a staff edit with before and after', async () => {
    const slug = `${PREFIX}-singer-1`
    const edit = await gql<{ updateMemberProfile: { slug: string; name: string } }>(t.app, EDIT, {
      token: board.token,
      variables: { slug, input: { name: `${PREFIX} Renamed`, phone: '07700 900123', voicePart: 'alto' } },
    })
    expect(edit.body.errors).toBeUndefined()
    expect(edit.body.data!.updateMemberProfile).toMatchObject({ slug, name: `${PREFIX} Renamed` })
    const res = await gql<{
      memberRecord: {
        phone: string
        applications: { eventSlug: string; status: string }[]
        audit: { action: string; before: unknown; after: unknown }[]
      }
    }>(t.app, DETAIL, { token: board.token, variables: { slug } })
    expect(res.body.errors).toBeUndefined()
    const record = res.body.data!.memberRecord
    expect(record.phone).toBe('07700 900123')
    expect(record.applications).toEqual([expect.objectContaining({ eventSlug, status: 'CONFIRMED' })])
    expect(record.audit[0]).toEqual({
      action: 'PROFILE_STAFF_EDIT',
      before: { name: `${PREFIX} Singer 01`, phone: null },
      after: { name: `${PREFIX} Renamed`, phone: '07700 900123' },
    })
    // Bad input writes nothing.
    const before = await t.app.services.db.select().from(auditLog)
    const bad = await gql(t.app, EDIT, {
      token: board.token,
      variables: { slug, input: { name: '', phone: 'call me' } },
    })
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
    expect((await t.app.services.db.select().from(auditLog)).length).toBe(before.length)
    // A name a spreadsheet would run as a formula is exported inert.
    await t.app.services.db
      .update(users)
      .set({ name: '=HYPERLINK("http://evil.test")' })
      .where(eq(users.email, `${PREFIX}-singer5@stagedoor.test`))
    const csv = await gql<{ memberRecordsCsv: string }>(t.app, CSV, {
      token: board.token,
      variables: { filter: { search: `${PREFIX}-singer5@` } },
    })
    const [row] = parse(csv.body.data!.memberRecordsCsv, { columns: true }) as Record<string, string>[]
    expect(row?.name).toBe(`'=HYPERLINK("http://evil.test")`)
    const missing = await gql(t.app, DETAIL, { token: board.token, variables: { slug: 'nobody-here' } })
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
  })
})
