import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, events, outbox, payments, profiles } from '#server/db/schema/index.ts'
import { createUser, insertApplication, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

const DAY = 86_400_000
let t: TestApp
let now = new Date()
let md: TestUser // sitrMD: the singing events' area
let social: TestUser // socialConvenor: another area
let member: TestUser
let soprano: TestUser
let alto: TestUser
let slug: string
let eventId: string
let sopranoApp: string

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false, clock: () => now })
  md = await createUser(t.app, { roles: ['sitrMD'], name: 'Mei MD' })
  social = await createUser(t.app, { roles: ['socialConvenor'], name: 'Cal Social' })
  member = await createUser(t.app, { name: 'Mo Member' })
  soprano = await createUser(t.app, { name: 'Sue Soprano' })
  alto = await createUser(t.app, { name: 'Al Alto' })
  slug = `ops-${randomBytes(3).toString('hex')}`
  const start = new Date(Date.now() + 10 * DAY)
  const [event] = await t.app.services.db
    .insert(events)
    .values({
      slug,
      type: 'SINGTHROUGH',
      title: 'Ops Sing',
      startDate: start,
      endDate: new Date(start.getTime() + 3_600_000),
      visibility: 'public',
      eventConfig: {
        permissions: {
          releaseParticipantInfoPack: false,
          releaseFinalParticipantInfo: false,
          releaseCastList: false,
        },
        applicationTypes: {
          singer: {
            label: 'Singer',
            open: true,
            openBeforeReveal: false,
            auditionRequired: false,
            offerExpiryDays: 7,
            autoOfferFromWaitlist: false,
            questions: [],
          },
        },
        paymentLines: { singer: [{ key: 'fee', label: 'Fee', amountPence: 1000, dueDate: '2020-01-01' }] },
        content: { infoPack: {} },
        parts: ['Soprano', 'Alto'],
        schedule: [{ date: '2030-05-01', kind: 'REHEARSAL', label: 'First rehearsal' }],
      },
    })
    .returning()
  eventId = event!.id
  sopranoApp = (
    await insertApplication(t.app, { eventId, userId: soprano.id, status: 'CONFIRMED', part: 'Soprano' })
  ).id
  await insertApplication(t.app, { eventId, userId: alto.id, status: 'PAID', part: 'Alto' })
  await insertApplication(t.app, { eventId, userId: member.id, status: 'WAITLISTED' })
  await t.app.services.db.insert(profiles).values({
    userId: soprano.id,
    slug: `sue-${randomBytes(3).toString('hex')}`,
    dietaryRequirements: 'vegan',
    emergencyContact: { name: 'Sam Soprano', phone: '07700 900001', relationship: 'parent' },
  })
})
afterAll(() => t.close())

const code = (body: { errors?: { extensions?: { code?: string } }[] }) => body.errors?.[0]?.extensions?.code

describe('participants and money', () => {
  it('lists the confirmed and paid, with what they owe and their needs', async () => {
    const res = await gql<{
      operationsOverview: {
        participants: {
          name: string
          status: string
          outstandingPence: number
          overdue: boolean
          dietary: string
        }[]
        moneyByType: { owedPence: number; paidPence: number; outstandingPence: number }[]
      }
    }>(
      t.app,
      `query($s: String!) { operationsOverview(eventSlug: $s) { participants { name status outstandingPence overdue dietary } moneyByType { owedPence paidPence outstandingPence } } }`,
      { variables: { s: slug }, token: md.token },
    )
    expect(res.body.errors).toBeUndefined()
    const rows = res.body.data!.operationsOverview.participants
    const sue = rows.find((r) => r.name === 'Sue Soprano')!
    expect(sue).toMatchObject({
      status: 'CONFIRMED',
      outstandingPence: 1000,
      overdue: true,
      dietary: 'vegan',
    })
    expect(rows.map((r) => r.status).sort()).toEqual(['CONFIRMED', 'PAID', 'WAITLISTED'])
    // The PAID row has no payments recorded here (inserted straight), so it owes the line.
    expect(res.body.data!.operationsOverview.moneyByType).toEqual([
      { owedPence: 2000, paidPence: 0, outstandingPence: 2000 },
    ])
  })

  it('exports exactly the filtered rows as CSV; a member is refused', async () => {
    const q = `query($s: String!) { operationsCsv(eventSlug: $s, tab: participants, part: "Soprano") }`
    const res = await gql<{ operationsCsv: string }>(t.app, q, { variables: { s: slug }, token: md.token })
    const lines = res.body.data!.operationsCsv.trim().split('\n')
    expect(lines[0]).toBe(
      'Name,Email,Type,Part,Status,Owed,Paid,Outstanding,Dietary requirements,Access needs',
    )
    expect(lines.slice(1)).toEqual([
      `Sue Soprano,${soprano.email},Singer,Soprano,Confirmed,10.00,0.00,10.00,vegan,`,
    ])
    const refused = await gql(t.app, q, { variables: { s: slug }, token: member.token })
    expect(code(refused.body)).toBe('FORBIDDEN')
    // The tab is an enum: a word outside it is refused by the schema before the resolver runs.
    const bad = await gql(
      t.app,
      `query($s: String!, $tab: OperationsTab!) { operationsCsv(eventSlug: $s, tab: $tab) }`,
      {
        variables: { s: slug, tab: 'everyone' },
        token: md.token,
      },
    )
    expect(bad.status).toBe(400)
    expect(code(bad.body)).toBe('BAD_REQUEST')
  })

  it('records several payments for one person at once, all or none', async () => {
    const tenor = await createUser(t.app, { name: 'Ted Tenor' })
    const app = (await insertApplication(t.app, { eventId, userId: tenor.id, status: 'CONFIRMED' })).id
    const m = `mutation($id: ID!, $e: [PaymentEntryInput!]!) { recordPayments(applicationId: $id, entries: $e) { status } }`
    const written = () => t.app.services.db.select().from(payments).where(eq(payments.applicationId, app))
    // The second entry takes the line over its £10.00: nothing is written, the problem names it.
    const over = await gql(t.app, m, {
      variables: {
        id: app,
        e: [
          { lineKey: 'fee', amountPence: 600, method: 'CASH', reference: 'receipt 1' },
          { lineKey: 'fee', amountPence: 500, method: 'CARD' },
        ],
      },
      token: md.token,
    })
    expect(code(over.body)).toBe('VALIDATION')
    const error = over.body.errors?.[0] as { extensions?: { fields?: { path: string; message: string }[] } }
    expect(error.extensions?.fields).toEqual([
      { path: 'entries.1.amountPence', message: 'Only £4.00 is outstanding on Fee; record at most that.' },
    ])
    expect(await written()).toEqual([])
    // A zero amount is refused by the shared schema at its entry.
    const zero = await gql(t.app, m, {
      variables: { id: app, e: [{ lineKey: 'fee', amountPence: 0, method: 'CASH' }] },
      token: md.token,
    })
    expect(code(zero.body)).toBe('VALIDATION')
    expect(await written()).toEqual([])
    // Two lines that settle it: both recorded, each audited, and the application is PAID.
    const ok = await gql<{ recordPayments: { status: string } }>(t.app, m, {
      variables: {
        id: app,
        e: [
          { lineKey: 'fee', amountPence: 600, method: 'CASH', reference: 'receipt 1' },
          { lineKey: 'fee', amountPence: 400, method: 'CARD' },
        ],
      },
      token: md.token,
    })
    expect(ok.body.data!.recordPayments.status).toBe('PAID')
    const rows = await written()
    expect(rows.map((r) => [r.amountPence, r.method, r.reference]).sort()).toEqual([
      [400, 'CARD', ''],
      [600, 'CASH', 'receipt 1'],
    ])
    const audited = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.record'), eq(auditLog.entityId, app)))
    expect(audited).toHaveLength(2)
    const refused = await gql(t.app, m, {
      variables: { id: app, e: [{ lineKey: 'fee', amountPence: -100, method: 'CASH' }] },
      token: member.token,
    })
    expect(code(refused.body)).toBe('FORBIDDEN')
  })

  it('refuses a refund over what was paid, through the acceptance use case, writing nothing', async () => {
    const m = `mutation($id: ID!, $a: Int!) { recordPayment(applicationId: $id, lineKey: "fee", amountPence: $a, method: CASH) { status } }`
    const refund = await gql(t.app, m, { variables: { id: sopranoApp, a: -500 }, token: md.token })
    expect(code(refund.body)).toBe('VALIDATION')
    expect(
      await t.app.services.db.select().from(payments).where(eq(payments.applicationId, sopranoApp)),
    ).toEqual([])
    const pay = await gql<{ recordPayment: { status: string } }>(t.app, m, {
      variables: { id: sopranoApp, a: 1000 },
      token: md.token,
    })
    expect(pay.body.data!.recordPayment.status).toBe('PAID')
  })
})

describe('emergency contacts (need-to-know)', () => {
  it('shows them to the event area’s admin and audits the view', async () => {
    const res = await gql<{ needToKnow: { rows: { name: string; contactPhone: string }[] } }>(
      t.app,
      `query($s: String!) { needToKnow(eventSlug: $s) { rows { name contactPhone } } }`,
      { variables: { s: slug }, token: md.token },
    )
    expect(res.body.data!.needToKnow.rows).toContainEqual({
      name: 'Sue Soprano',
      contactPhone: '07700 900001',
    })
    const views = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'needToKnow.view'), eq(auditLog.actorId, md.id)))
    expect(views).toHaveLength(1)
  })

  it('refuses an admin of another area with FORBIDDEN and audits the attempt', async () => {
    const res = await gql(t.app, `query($s: String!) { needToKnow(eventSlug: $s) { rows { name } } }`, {
      variables: { s: slug },
      token: social.token,
    })
    expect(code(res.body)).toBe('FORBIDDEN')
    const attempts = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'needToKnow.forbidden'), eq(auditLog.actorId, social.id)))
    expect(attempts).toHaveLength(1)
  })

  it('hides them from everyone once the event ended 30 days ago', async () => {
    const saved = now
    now = new Date(Date.now() + 45 * DAY)
    const res = await gql(t.app, `query($s: String!) { needToKnow(eventSlug: $s) { rows { name } } }`, {
      variables: { s: slug },
      token: md.token,
    })
    now = saved
    expect(code(res.body)).toBe('FORBIDDEN')
  })
})

describe('attendance', () => {
  const mark = `mutation($s: String!, $d: String!, $u: String!, $m: AttendanceMark!) { markAttendance(eventSlug: $s, date: $d, userId: $u, mark: $m) }`

  it('takes a register on the event’s date and shows it on the member’s record', async () => {
    const res = await gql(t.app, mark, {
      variables: { s: slug, d: '2030-05-01', u: alto.id, m: 'APOLOGIES' },
      token: md.token,
    })
    expect(res.body.errors).toBeUndefined()
    const reg = await gql<{ attendanceRegister: { lines: { name: string; mark: string | null }[] } }>(
      t.app,
      `query($s: String!) { attendanceRegister(eventSlug: $s, date: "2030-05-01") { lines { name mark } } }`,
      { variables: { s: slug }, token: md.token },
    )
    expect(reg.body.data!.attendanceRegister.lines).toContainEqual({ name: 'Al Alto', mark: 'APOLOGIES' })
    const record = await gql<{ memberAttendance: { date: string; mark: string }[] }>(
      t.app,
      `query($u: String!) { memberAttendance(userId: $u) { date mark } }`,
      { variables: { u: alto.id }, token: md.token },
    )
    expect(record.body.data!.memberAttendance).toEqual([{ date: '2030-05-01', mark: 'APOLOGIES' }])
  })

  it('refuses a date that is not the event’s, and a waitlisted member', async () => {
    const wrong = await gql(t.app, mark, {
      variables: { s: slug, d: '2030-05-02', u: alto.id, m: 'PRESENT' },
      token: md.token,
    })
    expect(code(wrong.body)).toBe('VALIDATION')
    const waiting = await gql(t.app, mark, {
      variables: { s: slug, d: '2030-05-01', u: member.id, m: 'PRESENT' },
      token: md.token,
    })
    expect(code(waiting.body)).toBe('NOT_FOUND')
  })
})

describe('chase', () => {
  it('reminds everyone with something outstanding once a day, then says when it can next be sent', async () => {
    const send = `mutation($s: String!) { sendChase(eventSlug: $s) { email } }`
    const first = await gql<{ sendChase: { email: string }[] }>(t.app, send, {
      variables: { s: slug },
      token: md.token,
    })
    expect(first.body.data!.sendChase).toEqual([{ email: alto.email }])
    expect(await t.app.services.db.select().from(outbox).where(eq(outbox.to, alto.email))).toHaveLength(1)
    const again = await gql(t.app, send, { variables: { s: slug }, token: md.token })
    expect(code(again.body)).toBe('RATE_LIMITED')
    expect(again.body.errors![0]!.message).toMatch(/next reminder can be sent at \d{4}-/)
    expect(await t.app.services.db.select().from(outbox).where(eq(outbox.to, alto.email))).toHaveLength(1)
    // A day later (the audit log's clock is the database's: move the reminder back instead).
    await t.app.services.db
      .update(auditLog)
      .set({ createdAt: new Date(now.getTime() - DAY - 1000) })
      .where(eq(auditLog.action, 'operations.chase'))
    const later = await gql<{ sendChase: { email: string }[] }>(t.app, send, {
      variables: { s: slug },
      token: md.token,
    })
    expect(later.body.data!.sendChase).toHaveLength(1)
  })
})
