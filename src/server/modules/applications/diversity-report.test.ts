import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIVERSITY_BATCH } from '#core/applications/diversity.ts'
import type { EventConfig } from '#core/events/event-config.schemas.ts'
import { diversityResponses, events } from '#server/db/schema/index.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// Issue 26, finding 10: the diversity report must not be differenced. Everything goes through
// GraphQL as the pages call it: the survey page's mutation, the report page's and the acceptance
// page's queries.

let t: TestApp
let admin: TestUser

beforeAll(async () => {
  t = await createTestApp()
  admin = await createUser(t.app, { roles: ['sitrMD'], name: 'Mei Admin' })
})
afterAll(async () => {
  await t.close()
})

const DAY = 86_400_000

async function makeEvent() {
  const slug = `dv-${randomUUID().slice(0, 8)}`
  const eventConfig = {
    applicationTypes: { singer: { label: 'Singer', open: true, questions: [] } },
    paymentLines: {},
  } as unknown as EventConfig
  const [row] = await t.app.services.db
    .insert(events)
    .values({
      slug,
      type: 'CONCERT',
      title: `Concert ${slug}`,
      startDate: new Date(Date.now() + 30 * DAY),
      endDate: new Date(Date.now() + 31 * DAY),
      signupDeadline: new Date(Date.now() + 10 * DAY),
      visibility: 'members',
      eventConfig,
    })
    .returning()
  return row!
}

const APPLY = `mutation ($eventSlug: String!, $profile: ProfileEssentialsInput!) {
  submitApplication(eventSlug: $eventSlug, type: "singer", profile: $profile, answers: {}) { id }
}`
const SURVEY =
  'mutation ($id: ID!, $a: JSON!) { submitDiversitySurvey(applicationId: $id, answers: $a) { id diversityAnswered } }'
const REPORT = `query ($eventSlug: String!) { diversityReport(eventSlug: $eventSlug) {
  withheld total questions { key counts(limit: 10) { answer count } } } }`
const ACCEPTANCE = `query ($eventSlug: String!) { acceptanceOverview(eventSlug: $eventSlug) {
  applications { id applicantName submittedAt application { id diversityAnswered } } } }`

interface Report {
  withheld: boolean
  total: string
  questions: { key: string; counts: { answer: string; count: string }[] }[]
}

let people = 0
/** A new member applies to the event and answers the survey, as the two pages do. */
async function applyAndAnswer(eventSlug: string, answers: Record<string, string>) {
  people++
  const member = await createUser(t.app, { name: `Applicant ${people}` })
  const profile = {
    name: `Applicant ${people}`,
    phone: '+44 7700 900123',
    emergencyContact: { name: 'Byron', phone: '07700 900456', relationship: 'Father' },
  }
  const applied = await gql<{ submitApplication: { id: string } }>(t.app, APPLY, {
    token: member.token,
    variables: { eventSlug, profile },
  })
  expect(applied.body.errors).toBeUndefined()
  const id = applied.body.data!.submitApplication.id
  const answered = await gql<{ submitDiversitySurvey: { diversityAnswered: boolean | null } }>(
    t.app,
    SURVEY,
    {
      token: member.token,
      variables: { id, a: answers },
    },
  )
  expect(answered.body.errors).toBeUndefined()
  // The applicant sees their own survey as answered (so it is asked once).
  expect(answered.body.data!.submitDiversitySurvey.diversityAnswered).toBe(true)
  return { member, applicationId: id }
}

async function report(eventSlug: string): Promise<Report> {
  const res = await gql<{ diversityReport: Report }>(t.app, REPORT, {
    token: admin.token,
    variables: { eventSlug },
  })
  expect(res.body.errors).toBeUndefined()
  return res.body.data!.diversityReport
}

const count = (r: Report, key: string, answer: string) =>
  r.questions.find((q) => q.key === key)!.counts.find((c) => c.answer === answer)!.count

/** The mix: about two-thirds White, the rest spread, each answering the disability question. */
const answersOf = (i: number) => ({
  ethnicity: i % 3 === 2 ? 'Asian or Asian British' : 'White',
  disability: i % 4 === 3 ? 'Yes' : 'No',
})

describe('the diversity report moves in batches', () => {
  it('9 → 10 → 14 responses: counts move only by a whole batch, never with the one answer', async () => {
    expect(DIVERSITY_BATCH).toBe(5)
    const event = await makeEvent()
    const seen: Report[] = []
    for (let i = 0; i < 14; i++) {
      await applyAndAnswer(event.slug, answersOf(i))
      seen.push(await report(event.slug))
    }
    // Under a full batch nothing at all is shown.
    for (const r of seen.slice(0, 4)) expect(r).toMatchObject({ withheld: true, total: '<5', questions: [] })
    // 5–9 responses: the report of the first batch, unchanged by answers 6, 7, 8 and 9.
    for (const r of seen.slice(4, 9)) expect(r).toEqual(seen[4])
    expect(seen[8]!.total).toBe('5')
    // The 10th completes the second batch: five new responses reach the report together.
    expect(seen[9]!.total).toBe('10')
    // 10 → 14: answers 11 to 14 wait for their batch; the report is the same, cell for cell.
    for (const r of seen.slice(9)) expect(r).toEqual(seen[9])
    // 7 of the 10 published answered White, 3 not: the 3 are a small group, so 7 is hidden.
    expect(count(seen[9]!, 'ethnicity', 'White')).not.toMatch(/^\d+$/)
  })

  it('cannot be differenced by adding one answer: every step is 0 or a whole batch', async () => {
    const event = await makeEvent()
    let before = await report(event.slug)
    let published = 0
    for (let i = 0; i < 16; i++) {
      // The attacker's own answer, chosen to stand out.
      await applyAndAnswer(event.slug, { ethnicity: 'Black, Black British, Caribbean or African' })
      const after = await report(event.slug)
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        // Whatever changed, it changed because a whole batch arrived.
        const total = Number(after.total)
        expect(total - published).toBe(DIVERSITY_BATCH)
        published = total
      }
      before = after
    }
    expect(published).toBe(15)
    // 15 published: all 15 chose the same answer, a cell of 100 %, so it is not shown.
    expect(count(before, 'ethnicity', 'Black, Black British, Caribbean or African')).toBe('—')
  })
})

describe('the diversity report suppresses a cell of 100 %', () => {
  it('"No = 10 of 10" is hidden, as is a cell within 5 of the total; nothing shown is over total − 5', async () => {
    const event = await makeEvent()
    for (let i = 0; i < 10; i++)
      await applyAndAnswer(event.slug, { disability: 'No', ageBand: i < 9 ? '18–20' : '21–24' })
    const r = await report(event.slug)
    expect(r.total).toBe('10')
    expect(count(r, 'disability', 'No')).toBe('—')
    // 9 of 10: the other one is read by subtraction, so 9 is hidden too.
    expect(count(r, 'ageBand', '18–20')).toBe('—')
    for (const q of r.questions)
      for (const c of q.counts) if (/^\d+$/.test(c.count)) expect(Number(c.count)).toBeLessThanOrEqual(10 - 5)
  })

  it('shows the groups when both sides are 5 or more', async () => {
    const event = await makeEvent()
    for (let i = 0; i < 10; i++) await applyAndAnswer(event.slug, { disability: i < 5 ? 'No' : 'Yes' })
    const r = await report(event.slug)
    expect(count(r, 'disability', 'No')).toBe('5')
    expect(count(r, 'disability', 'Yes')).toBe('5')
  })
})

describe('the acceptance list does not single out the respondent', () => {
  it('shows the new applicant, but not that they answered, and the report does not move with them', async () => {
    const event = await makeEvent()
    for (let i = 0; i < 10; i++) await applyAndAnswer(event.slug, answersOf(i))
    const reportBefore = await report(event.slug)
    const { applicationId } = await applyAndAnswer(event.slug, {
      ethnicity: 'Mixed or multiple ethnic groups',
    })
    const reportAfter = await report(event.slug)
    expect(reportAfter).toEqual(reportBefore)

    const list = await gql<{
      acceptanceOverview: {
        applications: {
          id: string
          applicantName: string
          application: { id: string; diversityAnswered: boolean | null }
        }[]
      }
    }>(t.app, ACCEPTANCE, { token: admin.token, variables: { eventSlug: event.slug } })
    expect(list.body.errors).toBeUndefined()
    const rows = list.body.data!.acceptanceOverview.applications
    expect(rows).toHaveLength(11)
    expect(rows.map((r) => r.id)).toContain(applicationId)
    // No row says who answered the survey: not the newest, not anyone.
    for (const row of rows) expect(row.application.diversityAnswered).toBeNull()
    expect(JSON.stringify(list.body)).not.toMatch(/Mixed or multiple/)
    // Nor does the application itself, read by an admin.
    const one = await gql<{ application: { diversityAnswered: boolean | null } }>(
      t.app,
      `{ application(id: "${applicationId}") { diversityAnswered } }`,
      { token: admin.token },
    )
    expect(one.body.errors).toBeUndefined()
    expect(one.body.data!.application.diversityAnswered).toBeNull()
  })

  it('stores answers without the applicant, the waiting ones in answer order, not arrival order', async () => {
    const event = await makeEvent()
    // Four answers arrive in reverse order of their text; none is published yet.
    const arriving = ['Under 18', '40 or over', '30–39', '25–29']
    const members = []
    for (const ageBand of arriving) members.push(await applyAndAnswer(event.slug, { ageBand }))
    const rows = await t.app.services.db
      .select()
      .from(diversityResponses)
      .where(eq(diversityResponses.eventId, event.id))
    expect(Object.keys(rows[0]!).sort()).toEqual(['answers', 'eventId', 'id', 'published'])
    expect(rows.every((r) => !r.published)).toBe(true)
    const stored = rows.map((r) => JSON.stringify(r.answers))
    expect(stored).toEqual([...stored].sort())
    expect(stored).not.toEqual(arriving.map((ageBand) => JSON.stringify({ ageBand })))
    for (const { member, applicationId } of members) {
      expect(JSON.stringify(rows)).not.toContain(member.id)
      expect(JSON.stringify(rows)).not.toContain(applicationId)
    }
  })
})
