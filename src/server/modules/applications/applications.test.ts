import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventConfig } from '#core/events/event-config.schemas.ts'
import {
  applicationDrafts,
  applications,
  auditLog,
  diversityResponses,
  diversitySubmissions,
  events,
  outbox,
  profiles,
} from '#server/db/schema/index.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { startSmtp, type TestSmtp } from '#server/testing/smtp.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { countQueries } from '#server/testing/test-db.ts'
import { RACE_NOTE } from '#server/testing/race.ts'

let t: TestApp
let smtp: TestSmtp
let admin: TestUser

const DAY = 86_400_000

beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp({ SMTP_URL: smtp.url }, { jobs: { pollMs: 50 } })
  admin = await createUser(t.app, { roles: ['sitrMD'], name: 'Mei Admin' })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const QUESTIONS = [
  { id: 'why', label: 'Why do you want to sing?', kind: 'long_text', required: true, maxLength: 50 },
  { id: 'section', label: 'Section', kind: 'single_choice', required: true, options: ['Upper', 'Lower'] },
  { id: 'part', label: 'Voice part', kind: 'voice_part', required: false },
  { id: 'extras', label: 'Also', kind: 'multi_choice', required: false, options: ['Solo', 'Crew', 'Band'] },
  { id: 'recording', label: 'Recording', kind: 'file', required: false },
]

interface EventOptions {
  visibility?: 'draft' | 'members' | 'public'
  signupDeadline?: Date | null
  open?: boolean
  paymentLines?: EventConfig['paymentLines']
  revealAt?: Date
  crewBeforeReveal?: boolean
}

/** A members-visible event with a `singer` type (the questions above) and a `crew` type. */
async function makeEvent(options: EventOptions = {}) {
  const slug = `ev-${randomUUID().slice(0, 8)}`
  const eventConfig = {
    applicationTypes: {
      singer: { label: 'Singer', open: options.open ?? true, questions: QUESTIONS },
      crew: { label: 'Crew', open: true, openBeforeReveal: options.crewBeforeReveal ?? false, questions: [] },
    },
    paymentLines: options.paymentLines ?? {},
  } as unknown as EventConfig
  const [row] = await t.app.services.db
    .insert(events)
    .values({
      slug,
      type: 'CONCERT',
      title: `Concert ${slug}`,
      startDate: new Date(Date.now() + 30 * DAY),
      endDate: new Date(Date.now() + 31 * DAY),
      signupDeadline:
        options.signupDeadline === undefined ? new Date(Date.now() + 10 * DAY) : options.signupDeadline,
      visibility: options.visibility ?? 'members',
      ...(options.revealAt ? { type: 'SHOW' as const, showName: 'Secret', revealAt: options.revealAt } : {}),
      eventConfig,
    })
    .returning()
  return row!
}

const profile = {
  name: 'Ada Lovelace',
  phone: '+44 7700 900123',
  emergencyContact: { name: 'Byron', phone: '07700 900456', relationship: 'Father' },
}
const answers = { why: 'I love singing.', section: 'Upper' }

const APP_FIELDS = 'id slug status version applicationType applicationTypeLabel answers'
const SUBMIT = `mutation ($eventSlug: String!, $type: String!, $profile: ProfileEssentialsInput!, $answers: JSON!) {
  submitApplication(eventSlug: $eventSlug, type: $type, profile: $profile, answers: $answers) { ${APP_FIELDS} }
}`
type App = { id: string; slug: string; status: string; version: number; answers: Record<string, unknown> }

async function submit(
  member: TestUser,
  eventSlug: string,
  overrides: { profile?: unknown; answers?: unknown; type?: string } = {},
) {
  return gql<{ submitApplication: App }>(t.app, SUBMIT, {
    token: member.token,
    variables: {
      eventSlug,
      type: overrides.type ?? 'singer',
      profile: overrides.profile ?? profile,
      answers: overrides.answers ?? answers,
    },
  })
}

async function submitOk(member: TestUser, eventSlug: string, overrides = {}) {
  const res = await submit(member, eventSlug, overrides)
  expect(res.body.errors).toBeUndefined()
  return res.body.data!.submitApplication
}

const code = (res: { body: { errors?: { extensions?: { code?: string } }[] } }) =>
  res.body.errors?.[0]?.extensions?.code
const fieldsOf = (res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  ((res.body.errors?.[0]?.extensions?.fields ?? []) as { path: string }[]).map((f) => f.path)

/** A real upload through POST /api/files: its key, as the form would get it. */
async function upload(member: TestUser): Promise<string> {
  const boundary = `----stagedoor${randomUUID()}`
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ndocument\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: {
      authorization: `Bearer ${member.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  })
  expect(res.statusCode).toBe(201)
  return (res.json() as { key: string }).key
}

async function outboxFor(email: string) {
  return t.app.services.db.select().from(outbox).where(eq(outbox.to, email))
}

describe('applying', () => {
  it('submits, saves the profile essentials, clears the draft, audits and emails (through real SMTP)', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app, { name: 'Ada L' })
    const draft = await gql(
      t.app,
      'mutation ($s: String!, $d: JSON!) { saveApplicationDraft(eventSlug: $s, type: "singer", data: $d) }',
      { token: member.token, variables: { s: event.slug, d: { answers: { why: 'half' } } } },
    )
    expect(draft.body.errors).toBeUndefined()
    const form = await gql<{
      applicationForm: { draft: unknown; profile: { name: string }; closedReason: null }
    }>(
      t.app,
      '{ applicationForm(eventSlug: "' +
        event.slug +
        '", type: "singer") { draft closedReason profile { name } questions { key kind options } } }',
      { token: member.token },
    )
    expect(form.body.data!.applicationForm.draft).toEqual({ answers: { why: 'half' } })
    expect(form.body.data!.applicationForm.profile.name).toBe('Ada L')
    expect(form.body.data!.applicationForm.closedReason).toBeNull()

    const app = await submitOk(member, event.slug)
    expect(app.status).toBe('SUBMITTED')
    expect(app.slug).toBe('ada-lovelace-singer')

    const db = t.app.services.db
    const [saved] = await db.select().from(profiles).where(eq(profiles.userId, member.id))
    expect(saved).toMatchObject({
      preferredName: 'Ada Lovelace',
      phone: '+44 7700 900123',
      slug: 'ada-lovelace',
    })
    expect(await db.select().from(applicationDrafts).where(eq(applicationDrafts.userId, member.id))).toEqual(
      [],
    )
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.submit'), eq(auditLog.entityId, app.id)))
    expect(audits).toHaveLength(1)

    const [mail] = await outboxFor(member.email)
    expect(mail).toMatchObject({ template: 'application.submitted' })
    expect(mail!.subject).toContain(event.title)
    await smtp.waitFor(1)
    const received = smtp.received.find((m) => m.envelopeTo.includes(member.email))
    expect(received?.subject).toBe(`We have your application for ${event.title}`)
    expect(received?.text).toContain('Hi Ada Lovelace')
  })

  it('gives a second member with the same name a different profile slug', async () => {
    const event = await makeEvent()
    const first = await createUser(t.app)
    const second = await createUser(t.app)
    const a = await submitOk(first, event.slug, { profile: { ...profile, name: 'Sam Same' } })
    const b = await submitOk(second, event.slug, { profile: { ...profile, name: 'Sam Same' } })
    expect(a.slug).toBe('sam-same-singer')
    expect(b.slug).toBe('sam-same-2-singer')
  })

  it.each([
    ['a missing required answer', { section: 'Upper' }, 'answers.why'],
    ['a wrong type', { why: 'ok', section: 3 }, 'answers.section'],
    ['an answer that is too long', { why: 'x'.repeat(51), section: 'Upper' }, 'answers.why'],
    ['an option that does not exist', { why: 'ok', section: 'Middle' }, 'answers.section'],
    [
      'a multi choice option that does not exist',
      { ...answers, extras: ['Solo', 'Juggling'] },
      'answers.extras.1',
    ],
    ['a voice part that does not exist', { ...answers, part: 'countertenor' }, 'answers.part'],
    ['a question the form does not have', { ...answers, shoeSize: '9' }, 'answers'],
  ])('refuses %s with VALIDATION on the field', async (_name, bad, path) => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const res = await submit(member, event.slug, { answers: bad })
    expect(code(res)).toBe('VALIDATION')
    expect(fieldsOf(res)).toContain(path)
    expect(
      await t.app.services.db.select().from(applications).where(eq(applications.userId, member.id)),
    ).toEqual([])
  })

  it('refuses missing profile essentials with their field paths', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const res = await submit(member, event.slug, { profile: { name: 'Ada', phone: 'call me' } })
    expect(code(res)).toBe('VALIDATION')
    expect(fieldsOf(res)).toEqual(expect.arrayContaining(['profile.phone', 'profile.emergencyContact']))
  })

  it('takes a file the member uploaded, and refuses someone else’s or a made-up key', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const other = await createUser(t.app)
    const othersKey = await upload(other)
    const theirs = await submit(member, event.slug, {
      answers: { ...answers, recording: { key: othersKey, name: 'cv.pdf' } },
    })
    expect(code(theirs)).toBe('VALIDATION')
    expect(fieldsOf(theirs)).toEqual(['answers.recording'])
    const madeUp = await submit(member, event.slug, {
      answers: { ...answers, recording: { key: 'uploads/document/made-up.pdf', name: 'x.pdf' } },
    })
    expect(code(madeUp)).toBe('VALIDATION')

    const key = await upload(member)
    const app = await submitOk(member, event.slug, {
      answers: { ...answers, recording: { key, name: 'cv.pdf' } },
    })
    expect(app.answers.recording).toEqual({ key, name: 'cv.pdf' })
  })

  it('applying twice returns the same application and sends one email', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const first = await submitOk(member, event.slug)
    const second = await submitOk(member, event.slug, { answers: { why: 'Different', section: 'Lower' } })
    expect(second).toEqual(first)
    expect(
      (await outboxFor(member.email)).filter((m) => m.template === 'application.submitted'),
    ).toHaveLength(1)
    const draft = await gql(
      t.app,
      'mutation ($s: String!) { saveApplicationDraft(eventSlug: $s, type: "singer", data: { answers: {} }) }',
      { token: member.token, variables: { s: event.slug } },
    )
    expect(code(draft)).toBe('CONFLICT')
  })

  it(`50 concurrent submits of the same application create exactly one row and one email (${RACE_NOTE})`, async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const results = await Promise.all(Array.from({ length: 50 }, () => submit(member, event.slug)))
    for (const res of results) expect(res.body.errors).toBeUndefined()
    const ids = new Set(results.map((r) => r.body.data!.submitApplication.id))
    expect(ids.size).toBe(1)
    const rows = await t.app.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(eq(applications.userId, member.id))
    expect(rows[0]!.n).toBe(1)
    const mails = (await outboxFor(member.email)).filter((m) => m.template === 'application.submitted')
    expect(mails).toHaveLength(1)
  })

  it('a draft event is NOT_FOUND; a closed type, a passed deadline or an unknown type are refused', async () => {
    const member = await createUser(t.app)
    const draft = await makeEvent({ visibility: 'draft' })
    expect(code(await submit(member, draft.slug))).toBe('NOT_FOUND')
    const draftForm = await gql(
      t.app,
      `{ applicationForm(eventSlug: "${draft.slug}", type: "singer") { label } }`,
      {
        token: member.token,
      },
    )
    expect(code(draftForm)).toBe('NOT_FOUND')

    const closed = await makeEvent({ open: false })
    const closedRes = await submit(member, closed.slug)
    expect(code(closedRes)).toBe('CONFLICT')
    expect(closedRes.body.errors![0]!.message).toBe('Applications of this kind are closed.')

    const late = await makeEvent({ signupDeadline: new Date(Date.now() - DAY) })
    const lateRes = await submit(member, late.slug)
    expect(code(lateRes)).toBe('CONFLICT')
    expect(lateRes.body.errors![0]!.message).toBe('The signup deadline has passed.')
    const lateForm = await gql<{ applicationForm: { closedReason: string; closedMessage: string } }>(
      t.app,
      `{ applicationForm(eventSlug: "${late.slug}", type: "singer") { closedReason closedMessage } }`,
      { token: member.token },
    )
    expect(lateForm.body.data!.applicationForm).toEqual({
      closedReason: 'DEADLINE_PASSED',
      closedMessage: 'The signup deadline has passed.',
    })

    const open = await makeEvent()
    expect(code(await submit(member, open.slug, { type: 'nope' }))).toBe('NOT_FOUND')
  })

  it('a show takes no applications before its reveal, unless the type is open before it', async () => {
    const member = await createUser(t.app)
    const secret = await makeEvent({ revealAt: new Date(Date.now() + DAY), crewBeforeReveal: true })
    const refused = await submit(member, secret.slug)
    expect(code(refused)).toBe('CONFLICT')
    expect(refused.body.errors![0]!.message).toBe('Applications open when the show is revealed.')
    const open = await gql<{ event: { openApplicationTypeKeys: string[] } }>(
      t.app,
      `{ event(slug: "${secret.slug}") { openApplicationTypeKeys } }`,
      { token: member.token },
    )
    expect(open.body.data!.event.openApplicationTypeKeys).toEqual(['crew'])
    const revealed = await makeEvent({ revealAt: new Date(Date.now() - DAY) })
    expect(code(await submit(member, revealed.slug, { type: 'crew', answers: {} }))).toBeUndefined()
  })

  it('refuses an oversized draft', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const res = await gql(
      t.app,
      'mutation ($s: String!, $d: JSON!) { saveApplicationDraft(eventSlug: $s, type: "singer", data: $d) }',
      { token: member.token, variables: { s: event.slug, d: { answers: { why: 'x'.repeat(100_001) } } } },
    )
    expect(['PAYLOAD_TOO_LARGE', 'VALIDATION']).toContain(code(res))
  })
})

const UPDATE = `mutation ($id: ID!, $v: Int!, $profile: ProfileEssentialsInput!, $answers: JSON!) {
  updateApplicationAnswers(id: $id, expectedVersion: $v, profile: $profile, answers: $answers) { id version answers }
}`

describe('my applications', () => {
  it('lists the member’s applications with what they may do and what is owed', async () => {
    const event = await makeEvent({
      paymentLines: { singer: [{ key: 'participation', label: 'Participation', amountPence: 2500 }] },
    })
    const member = await createUser(t.app)
    const app = await submitOk(member, event.slug)
    const res = await gql<{
      myApplications: {
        id: string
        viewerCan: Record<string, boolean>
        owed: { key: string; outstandingPence: number }[]
        outstandingPence: number
        applicationTypeLabel: string
        diversityAnswered: boolean
        event: { slug: string }
      }[]
    }>(
      t.app,
      '{ myApplications(limit: 25) { id applicationTypeLabel diversityAnswered outstandingPence owed(limit: 20) { key outstandingPence paid } viewerCan { edit withdraw accept decline offer } event { slug } } }',
      { token: member.token },
    )
    expect(res.body.errors).toBeUndefined()
    const [mine] = res.body.data!.myApplications
    expect(mine).toMatchObject({
      id: app.id,
      applicationTypeLabel: 'Singer',
      diversityAnswered: false,
      // Nothing is owed until the place is confirmed; the lines show what it will cost.
      outstandingPence: 0,
      owed: [{ key: 'participation', outstandingPence: 2500 }],
      viewerCan: { edit: true, withdraw: true, accept: false, decline: false, offer: false },
      event: { slug: event.slug },
    })

    await t.app.services.db
      .update(applications)
      .set({ status: 'CONFIRMED' })
      .where(eq(applications.id, app.id))
    const confirmed = await gql<{
      myApplications: {
        outstandingPence: number
        paymentDue: string | null
        paymentInstructions: { method: string; reference: string; sortCode: string | null } | null
      }[]
    }>(
      t.app,
      '{ myApplications(limit: 25) { outstandingPence paymentDue paymentInstructions { method reference sortCode } } }',
      { token: member.token },
    )
    expect(confirmed.body.errors).toBeUndefined()
    expect(confirmed.body.data!.myApplications[0]).toEqual({
      outstandingPence: 2500,
      paymentDue: null,
      paymentInstructions: {
        method: 'BANK_TRANSFER',
        reference: `SD-${app.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
        sortCode: null,
      },
    })
  })

  it('lists them in a fixed number of queries however many there are (no query per application)', async () => {
    const lines = { singer: [{ key: 'participation', label: 'Participation', amountPence: 2500 }] }
    const member = await createUser(t.app)
    // NOTE: the job worker polls every 50 ms on the same database and would be counted too, at
    // random; it is stopped while the request is counted.
    const list = async () => {
      await t.app.services.queue.stop()
      try {
        return await countQueries(t.app.services.dbHandle, () =>
          gql<{ myApplications: unknown[] }>(
            t.app,
            '{ myApplications(limit: 25) { id applicationTypeLabel diversityAnswered outstandingPence owed(limit: 20) { key paid } viewerCan { edit } payments { id } event { slug } } }',
            { token: member.token },
          ),
        )
      } finally {
        t.app.services.queue.start()
      }
    }
    await submitOk(member, (await makeEvent({ paymentLines: lines })).slug)
    const one = await list()
    expect(one.result.body.data!.myApplications).toHaveLength(1)
    for (let i = 0; i < 3; i++) await submitOk(member, (await makeEvent({ paymentLines: lines })).slug)
    const four = await list()
    expect(four.result.body.errors).toBeUndefined()
    expect(four.result.body.data!.myApplications).toHaveLength(4)
    expect(four.count).toBe(one.count)
  })

  it('edits answers while SUBMITTED, with a version check', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const app = await submitOk(member, event.slug)
    const ok = await gql<{ updateApplicationAnswers: App }>(t.app, UPDATE, {
      token: member.token,
      variables: { id: app.id, v: app.version, profile, answers: { why: 'Changed', section: 'Lower' } },
    })
    expect(ok.body.errors).toBeUndefined()
    expect(ok.body.data!.updateApplicationAnswers).toMatchObject({
      version: 2,
      answers: { why: 'Changed', section: 'Lower' },
    })
    const stale = await gql(t.app, UPDATE, {
      token: member.token,
      variables: { id: app.id, v: app.version, profile, answers },
    })
    expect(code(stale)).toBe('CONFLICT')
    const invalid = await gql(t.app, UPDATE, {
      token: member.token,
      variables: { id: app.id, v: 2, profile, answers: { section: 'Lower' } },
    })
    expect(code(invalid)).toBe('VALIDATION')
    const [audit] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.update'), eq(auditLog.entityId, app.id)))
    expect(audit).toMatchObject({
      before: { answers },
      after: { answers: { why: 'Changed', section: 'Lower' } },
    })

    // After the deadline, editing is refused.
    await t.app.services.db
      .update(events)
      .set({ signupDeadline: new Date(Date.now() - 1000) })
      .where(eq(events.id, event.id))
    const late = await gql(t.app, UPDATE, {
      token: member.token,
      variables: { id: app.id, v: 2, profile, answers },
    })
    expect(code(late)).toBe('CONFLICT')
  })

  it('withdraws, and cannot withdraw twice', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const app = await submitOk(member, event.slug)
    const W =
      'mutation ($id: ID!) { withdrawApplication(id: $id) { id status version viewerCan { withdraw edit } } }'
    const res = await gql<{ withdrawApplication: unknown }>(t.app, W, {
      token: member.token,
      variables: { id: app.id },
    })
    expect(res.body.data!.withdrawApplication).toMatchObject({
      status: 'WITHDRAWN',
      version: 2,
      viewerCan: { withdraw: false, edit: false },
    })
    expect(code(await gql(t.app, W, { token: member.token, variables: { id: app.id } }))).toBe('CONFLICT')
  })

  it('accepts an offer (CONFIRMED) and refuses an expired one', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const app = await submitOk(member, event.slug)
    const db = t.app.services.db
    const offer = (expires: Date) =>
      db
        .update(applications)
        .set({ status: 'OFFERED', offerExpiresAt: expires })
        .where(eq(applications.id, app.id))
    const A = 'mutation ($id: ID!) { acceptOffer(id: $id) { id status } }'

    await offer(new Date(Date.now() - 1000))
    const expired = await gql(t.app, A, { token: member.token, variables: { id: app.id } })
    expect(code(expired)).toBe('CONFLICT')
    expect(expired.body.errors![0]!.message).toBe('This offer has expired.')

    await offer(new Date(Date.now() + DAY))
    const accepted = await gql<{ acceptOffer: { status: string } }>(t.app, A, {
      token: member.token,
      variables: { id: app.id },
    })
    expect(accepted.body.data!.acceptOffer.status).toBe('CONFIRMED')
    const mails = await outboxFor(member.email)
    expect(mails.map((m) => m.template)).toContain('application.confirmed')
  })

  it('declines an offer', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const app = await submitOk(member, event.slug)
    await t.app.services.db
      .update(applications)
      .set({ status: 'OFFERED', offerExpiresAt: new Date(Date.now() + DAY) })
      .where(eq(applications.id, app.id))
    const res = await gql<{ declineOffer: { status: string } }>(
      t.app,
      'mutation ($id: ID!) { declineOffer(id: $id) { status } }',
      { token: member.token, variables: { id: app.id } },
    )
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data!.declineOffer.status).toBe('DECLINED')
  })

  it('another member’s application is NOT_FOUND for reading and every action; admins can read it', async () => {
    const event = await makeEvent()
    const owner = await createUser(t.app)
    const other = await createUser(t.app)
    const app = await submitOk(owner, event.slug)
    const ops = [
      '{ application(id: "ID") { id } }',
      'mutation { withdrawApplication(id: "ID") { id } }',
      'mutation { acceptOffer(id: "ID") { id } }',
      'mutation { declineOffer(id: "ID") { id } }',
      `mutation { updateApplicationAnswers(id: "ID", expectedVersion: 1, profile: {}, answers: {}) { id } }`,
      'mutation { submitDiversitySurvey(applicationId: "ID", answers: {}) { id } }',
    ]
    for (const op of ops) {
      expect(code(await gql(t.app, op.replace('ID', app.id), { token: other.token })), op).toBe('NOT_FOUND')
    }
    const asAdmin = await gql<{
      application: { id: string; viewerCan: { withdraw: boolean; offer: boolean } }
    }>(t.app, `{ application(id: "${app.id}") { id viewerCan { withdraw offer } } }`, { token: admin.token })
    expect(asAdmin.body.data!.application).toEqual({
      id: app.id,
      viewerCan: { withdraw: false, offer: true },
    })
    const [row] = await t.app.services.db.select().from(applications).where(eq(applications.id, app.id))
    expect(row!.status).toBe('SUBMITTED')
  })
})

describe('diversity survey', () => {
  const SURVEY =
    'mutation ($id: ID!, $a: JSON!) { submitDiversitySurvey(applicationId: $id, answers: $a) { id diversityAnswered } }'

  it('stores answers apart from the application, once per application', async () => {
    const event = await makeEvent()
    const member = await createUser(t.app)
    const app = await submitOk(member, event.slug)
    const survey = await gql<{
      diversitySurvey: { questions: { options: string[] }[]; applications: { diversityAnswered: boolean }[] }
    }>(
      t.app,
      `{ diversitySurvey(eventSlug: "${event.slug}") { questions { key options } applications { id diversityAnswered } } }`,
      { token: member.token },
    )
    expect(survey.body.data!.diversitySurvey.applications).toEqual([{ id: app.id, diversityAnswered: false }])
    for (const q of survey.body.data!.diversitySurvey.questions)
      expect(q.options).toContain('Prefer not to say')

    const bad = await gql(t.app, SURVEY, {
      token: member.token,
      variables: { id: app.id, a: { genderIdentity: 'Cat' } },
    })
    expect(code(bad)).toBe('VALIDATION')
    const ok = await gql<{ submitDiversitySurvey: { diversityAnswered: boolean } }>(t.app, SURVEY, {
      token: member.token,
      variables: { id: app.id, a: { genderIdentity: 'Woman', ethnicity: 'Prefer not to say' } },
    })
    expect(ok.body.data!.submitDiversitySurvey.diversityAnswered).toBe(true)
    const again = await gql(t.app, SURVEY, { token: member.token, variables: { id: app.id, a: {} } })
    expect(code(again)).toBe('CONFLICT')

    const db = t.app.services.db
    const responses = await db
      .select()
      .from(diversityResponses)
      .where(eq(diversityResponses.eventId, event.id))
    expect(responses).toHaveLength(1)
    // Nothing in the response row names the member or the application.
    expect(Object.keys(responses[0]!).sort()).toEqual(['answers', 'eventId', 'id', 'published'])
    expect(JSON.stringify(responses[0])).not.toContain(member.id)
    expect(JSON.stringify(responses[0])).not.toContain(app.id)
    expect(
      await db.select().from(diversitySubmissions).where(eq(diversitySubmissions.applicationId, app.id)),
    ).toHaveLength(1)
  })

  it('reports in aggregate to admins only, with small groups shown as "<5"', async () => {
    const event = await makeEvent()
    // 11 answers: two whole batches of 5 are reported, the 11th waits for its batch.
    for (let i = 0; i < 11; i++) {
      const member = await createUser(t.app)
      const app = await submitOk(member, event.slug)
      const a = i < 5 ? { genderIdentity: 'Woman' } : i === 9 ? {} : { genderIdentity: 'Man' }
      await gql(t.app, SURVEY, { token: member.token, variables: { id: app.id, a } })
    }
    const Q = `{ diversityReport(eventSlug: "${event.slug}") { total questions { key counts(limit: 10) { answer count } } } }`
    const member = await createUser(t.app)
    expect(code(await gql(t.app, Q, { token: member.token }))).toBe('FORBIDDEN')
    const res = await gql<{
      diversityReport: {
        total: string
        questions: { key: string; counts: { answer: string; count: string }[] }[]
      }
    }>(t.app, Q, { token: admin.token })
    expect(res.body.errors).toBeUndefined()
    const report = res.body.data!.diversityReport
    expect(report.total).toBe('10')
    const gender = report.questions.find((q) => q.key === 'genderIdentity')!.counts
    expect(gender).toContainEqual({ answer: 'Woman', count: '5' })
    expect(gender).toContainEqual({ answer: 'Man', count: '<5' })
    expect(JSON.stringify(res.body)).not.toMatch(/@stagedoor\.test/)
  })
})
