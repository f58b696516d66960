import { randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applications, auditLog, jobs, outbox, payments } from '#server/db/schema/index.ts'
import { createUser, insertApplication, type TestUser } from '#server/testing/factories.ts'
import { eventually, startSmtp, type TestSmtp } from '#server/testing/smtp.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { systemContext, withTx } from '#server/context.ts'
import { OFFER_EXPIRY_JOB, offerExpiryKey } from '#server/modules/applications/change-status.ts'
import { lockEventById } from '#server/modules/events/find-visible-event.ts'
import { offerFreedPlace } from '#server/modules/applications/promote-from-waitlist.ts'
import { RACE_NOTE } from '#server/testing/race.ts'

let t: TestApp
let smtp: TestSmtp
let admin: TestUser
let otherAdmin: TestUser
let member: TestUser

beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp({ SMTP_URL: smtp.url }, { jobs: { pollMs: 50 } })
  admin = await createUser(t.app, { roles: ['superAdmin'], name: 'Ada Admin' })
  otherAdmin = await createUser(t.app, { roles: ['sitrMD'], name: 'Otto Admin' })
  member = await createUser(t.app, { name: 'Mo Member' })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const DAY = 86_400_000
type Errors = { message: string; extensions?: { code?: string; fields?: { path: string }[] } }[] | undefined
const code = (errors: Errors) => errors?.[0]?.extensions?.code

interface TypeOptions {
  capacity?: number
  autoOfferFromWaitlist?: boolean
  offerExpiryDays?: number
}

/** A published event with one type, `singer`, and two payment lines (fee £25, score £5). */
async function createEvent(type: TypeOptions = {}) {
  const slug = `accept-${randomBytes(4).toString('hex')}`
  const res = await gql<{ createEvent: { id: string; slug: string } }>(
    t.app,
    'mutation ($input: EventInput!) { createEvent(input: $input) { id slug } }',
    {
      token: admin.token,
      variables: {
        input: {
          slug,
          type: 'CONCERT',
          title: 'Spring Concert',
          startDate: new Date(Date.now() + 30 * DAY).toISOString(),
          endDate: new Date(Date.now() + 30 * DAY + 3_600_000).toISOString(),
          visibility: 'members',
          eventConfig: {
            applicationTypes: { singer: { label: 'Singer', ...type } },
            paymentLines: {
              singer: [
                { key: 'fee', label: 'Participation fee', amountPence: 2500 },
                { key: 'score', label: 'Score hire', amountPence: 500 },
              ],
            },
          },
        },
      },
    },
  )
  expect(res.body.errors).toBeUndefined()
  return res.body.data!.createEvent
}

/** Submitted applications of `singer`, one per member, in order. */
async function applyAll(
  eventId: string,
  members: TestUser[],
  status: 'SUBMITTED' | 'WAITLISTED' = 'SUBMITTED',
) {
  const rows = []
  for (const [i, m] of members.entries()) {
    rows.push(
      await insertApplication(t.app, {
        eventId,
        userId: m.id,
        status,
        statusChangedAt: new Date(Date.now() - (members.length - i) * 1000),
      }),
    )
  }
  return rows
}

const members = async (n: number) => {
  const list: TestUser[] = []
  for (let i = 0; i < n; i++) list.push(await createUser(t.app, { name: `Singer ${i + 1}` }))
  return list
}

const DECIDE = `mutation ($slug: String!, $ids: [ID!]!, $action: DecisionAction!, $at: DateTime, $versions: [Int!], $notify: Boolean) {
  decideApplications(eventSlug: $slug, applicationIds: $ids, action: $action, offerExpiresAt: $at, expectedVersions: $versions, notify: $notify) { id status }
}`
const PREVIEW = `query ($slug: String!, $ids: [ID!]!, $action: DecisionAction!, $at: DateTime) {
  previewDecisions(eventSlug: $slug, applicationIds: $ids, action: $action, offerExpiresAt: $at) {
    applicationId applicantName applicantEmail currentStatus resultingStatus refusal offerExpiresAt
    email { template subject text }
  }
}`
const OVERVIEW = `query ($slug: String!) { acceptanceOverview(eventSlug: $slug) {
  types { key capacity placesHeld placesLeft counts { submitted offered confirmed paid waitlisted } }
  applications { id status version applicantName owedPence outstandingPence }
} }`

const decide = (variables: Record<string, unknown>, token = admin.token) =>
  gql<{ decideApplications: { id: string; status: string }[] }>(t.app, DECIDE, { token, variables })

const statuses = async (ids: string[]) =>
  (await t.app.services.db.select().from(applications).where(inArray(applications.id, ids))).map(
    (r) => r.status,
  )

describe('decisions', () => {
  it('previews a bulk offer without writing anything, then makes it', async () => {
    const event = await createEvent({ capacity: 5 })
    const people = await members(3)
    const rows = await applyAll(event.id, people)
    const ids = rows.map((r) => r.id)
    const outboxBefore = (await t.app.services.db.select().from(outbox)).length

    const preview = await gql<{
      previewDecisions: {
        applicantName: string
        resultingStatus: string
        refusal: string | null
        email: { template: string; subject: string; text: string }
      }[]
    }>(t.app, PREVIEW, { token: admin.token, variables: { slug: event.slug, ids, action: 'OFFER' } })
    expect(preview.body.errors).toBeUndefined()
    expect(preview.body.data!.previewDecisions).toHaveLength(3)
    for (const item of preview.body.data!.previewDecisions) {
      expect(item).toMatchObject({ resultingStatus: 'OFFERED', refusal: null })
      expect(item.email.template).toBe('APPLICATION_OFFERED')
      expect(item.email.subject).toBe('A place for you in Spring Concert')
      expect(item.email.text).toContain(`Hi ${item.applicantName}`)
    }
    expect(await statuses(ids)).toEqual(['SUBMITTED', 'SUBMITTED', 'SUBMITTED'])
    expect((await t.app.services.db.select().from(outbox)).length).toBe(outboxBefore)

    const res = await decide({ slug: event.slug, ids, action: 'OFFER' })
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data!.decideApplications.map((a) => a.status)).toEqual(['OFFERED', 'OFFERED', 'OFFERED'])
    const after = await t.app.services.db.select().from(applications).where(inArray(applications.id, ids))
    for (const row of after) {
      // Default expiry: the type's offerExpiryDays (7).
      expect(Math.abs(row.offerExpiresAt!.getTime() - (Date.now() + 7 * DAY))).toBeLessThan(60_000)
    }
    const overview = await gql<{
      acceptanceOverview: { types: { placesHeld: number; placesLeft: number }[] }
    }>(t.app, OVERVIEW, { token: admin.token, variables: { slug: event.slug } })
    expect(overview.body.errors).toBeUndefined()
    expect(overview.body.data!.acceptanceOverview.types[0]).toMatchObject({ placesHeld: 3, placesLeft: 2 })
    const audits = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.entityId, ids), eq(auditLog.action, 'application.offer')))
    expect(audits).toHaveLength(3)
  })

  it('is all or nothing: one refusal changes nothing and the CONFLICT says who and why', async () => {
    const event = await createEvent({ capacity: 2 })
    const people = await members(3)
    const rows = await applyAll(event.id, people)
    await decide({ slug: event.slug, ids: [rows[0]!.id], action: 'REJECT' })
    const res = await decide({ slug: event.slug, ids: rows.map((r) => r.id), action: 'OFFER' })
    expect(code(res.body.errors)).toBe('CONFLICT')
    expect(res.body.errors![0]!.message).toContain(
      'Singer 1: an application that is rejected cannot be offered a place',
    )
    expect(await statuses(rows.slice(1).map((r) => r.id))).toEqual(['SUBMITTED', 'SUBMITTED'])

    // Capacity: two places, three offers.
    const event2 = await createEvent({ capacity: 2 })
    const rows2 = await applyAll(event2.id, people)
    const over = await decide({ slug: event2.slug, ids: rows2.map((r) => r.id), action: 'OFFER' })
    expect(code(over.body.errors)).toBe('CONFLICT')
    expect(over.body.errors![0]!.message).toContain('Singer 3: over capacity: all 2 Singer places are held')
    expect(await statuses(rows2.map((r) => r.id))).toEqual(['SUBMITTED', 'SUBMITTED', 'SUBMITTED'])
    const preview = await gql<{ previewDecisions: { refusal: string | null }[] }>(t.app, PREVIEW, {
      token: admin.token,
      variables: { slug: event2.slug, ids: rows2.map((r) => r.id), action: 'OFFER' },
    })
    expect(preview.body.data!.previewDecisions.map((p) => Boolean(p.refusal))).toEqual([false, false, true])
  })

  it(`20 concurrent offers against a capacity of 10 make exactly 10 offers (${RACE_NOTE})`, async () => {
    const event = await createEvent({ capacity: 10 })
    const rows = await applyAll(event.id, await members(20))
    const results = await Promise.all(
      rows.map((r) => decide({ slug: event.slug, ids: [r.id], action: 'OFFER', notify: false })),
    )
    const codes = results.map((r) => code(r.body.errors) ?? 'OK')
    expect(codes.filter((c) => c === 'OK')).toHaveLength(10)
    expect(codes.filter((c) => c === 'CONFLICT')).toHaveLength(10)
    const all = await statuses(rows.map((r) => r.id))
    expect(all.filter((s) => s === 'OFFERED')).toHaveLength(10)
    expect(all.filter((s) => s === 'SUBMITTED')).toHaveLength(10)
  }, 180_000)

  it(`two admins changing one status at once: one wins, the other gets CONFLICT (${RACE_NOTE})`, async () => {
    const event = await createEvent()
    const [row] = await applyAll(event.id, await members(1))
    const [a, b] = await Promise.all([
      decide({ slug: event.slug, ids: [row!.id], action: 'OFFER', versions: [row!.version] }, admin.token),
      decide(
        { slug: event.slug, ids: [row!.id], action: 'REJECT', versions: [row!.version] },
        otherAdmin.token,
      ),
    ])
    const codes = [code(a.body.errors) ?? 'OK', code(b.body.errors) ?? 'OK'].sort()
    expect(codes).toEqual(['CONFLICT', 'OK'])
    const [after] = await t.app.services.db.select().from(applications).where(eq(applications.id, row!.id))
    expect(after!.version).toBe(row!.version + 1)
    // A stale version alone is refused too.
    const stale = await decide({
      slug: event.slug,
      ids: [row!.id],
      action: 'CANCEL',
      versions: [row!.version],
    })
    expect(code(stale.body.errors)).toBe('CONFLICT')
    expect(stale.body.errors![0]!.message).toContain('someone else changed it meanwhile')
  })

  it('refuses members and anonymous callers', async () => {
    const event = await createEvent()
    const [row] = await applyAll(event.id, [member])
    const res = await decide({ slug: event.slug, ids: [row!.id], action: 'OFFER' }, member.token)
    expect(code(res.body.errors)).toBe('FORBIDDEN')
    const overview = await gql(t.app, OVERVIEW, { token: member.token, variables: { slug: event.slug } })
    expect(code(overview.body.errors)).toBe('FORBIDDEN')
  })
})

describe('emails', () => {
  it('an offer arrives by SMTP with the expiry in the society time zone, using the staff-edited template', async () => {
    const update = await gql(
      t.app,
      'mutation ($s: String!, $b: String!) { updateEmailTemplate(key: APPLICATION_OFFERED, subject: $s, body: $b) { customised } }',
      {
        token: admin.token,
        variables: {
          s: 'Your place as {{applicationType}} in {{eventTitle}}',
          b: 'Dear {{name}}, please answer by {{offerExpiresAt}} at {{link}}.',
        },
      },
    )
    expect(update.body.data).toEqual({ updateEmailTemplate: { customised: true } })
    try {
      const event = await createEvent()
      const singer = await createUser(t.app, { name: 'Sam Smtp' })
      const [row] = await applyAll(event.id, [singer])
      // 12:00 UTC on 1 July is 13:00 in London (summer time).
      const res = await decide({
        slug: event.slug,
        ids: [row!.id],
        action: 'OFFER',
        at: '2031-07-01T12:00:00.000Z',
      })
      expect(res.body.errors).toBeUndefined()
      await eventually(async () => smtp.received.find((m) => m.envelopeTo.includes(singer.email)))
      const mail = smtp.received.find((m) => m.envelopeTo.includes(singer.email))!
      expect(mail.subject).toBe('Your place as Singer in Spring Concert')
      expect(mail.text).toContain('Dear Sam Smtp, please answer by Tuesday 1 July 2031 at 13:00')
      expect(mail.text).toContain('http://localhost:3000/applications')
    } finally {
      await gql(t.app, 'mutation { resetEmailTemplate(key: APPLICATION_OFFERED) { key } }', {
        token: admin.token,
      })
    }
  })

  it('refuses a template with an unknown placeholder or broken syntax, and previews a good one', async () => {
    const bad = await gql(
      t.app,
      'mutation { updateEmailTemplate(key: APPLICATION_REJECTED, subject: "Hi", body: "{{fullName}}") { key } }',
      { token: admin.token },
    )
    expect(code(bad.body.errors)).toBe('VALIDATION')
    expect(bad.body.errors![0]!.message).toContain('There is no placeholder {{fullName}}')
    const broken = await gql(
      t.app,
      'mutation { updateEmailTemplate(key: APPLICATION_REJECTED, subject: "{{#name}}", body: "x") { key } }',
      { token: admin.token },
    )
    expect(code(broken.body.errors)).toBe('VALIDATION')
    const list = await gql<{ emailTemplates: { key: string; customised: boolean }[] }>(
      t.app,
      '{ emailTemplates { key customised } }',
      { token: admin.token },
    )
    expect(list.body.data!.emailTemplates.find((x) => x.key === 'APPLICATION_REJECTED')!.customised).toBe(
      false,
    )
    const preview = await gql<{ previewEmailTemplate: { subject: string; text: string; html: string } }>(
      t.app,
      '{ previewEmailTemplate(key: APPLICATION_REJECTED, subject: "Sorry, {{name}}", body: "**{{eventTitle}}**") { subject text html } }',
      { token: admin.token },
    )
    expect(preview.body.data!.previewEmailTemplate).toMatchObject({
      subject: 'Sorry, Alex',
      text: '**Spring Concert**',
    })
    expect(preview.body.data!.previewEmailTemplate.html).toContain('<strong>Spring Concert</strong>')
    const forbidden = await gql(t.app, '{ emailTemplates { key } }', { token: member.token })
    expect(code(forbidden.body.errors)).toBe('FORBIDDEN')
  })
})

describe('offer expiry', () => {
  it('the durable job expires an unanswered offer, emails it and offers the place to the next on the waitlist', async () => {
    const event = await createEvent({ capacity: 1, autoOfferFromWaitlist: true })
    const people = await members(3)
    const [offered] = await applyAll(event.id, people.slice(0, 1))
    const waiting = await applyAll(event.id, people.slice(1), 'WAITLISTED')
    const res = await decide({ slug: event.slug, ids: [offered!.id], action: 'OFFER', notify: false })
    expect(res.body.errors).toBeUndefined()
    const { db, queue } = t.app.services
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, offerExpiryKey(offered!.id)))
    expect(job).toMatchObject({ name: OFFER_EXPIRY_JOB, status: 'pending' })

    // Time passes (as after a restart: the job is in the database, not in memory).
    const past = new Date(Date.now() - 1000)
    await db.update(applications).set({ offerExpiresAt: past }).where(eq(applications.id, offered!.id))
    await db.update(jobs).set({ runAt: past }).where(eq(jobs.id, job!.id))
    await queue.runDue()
    await eventually(async () => (await statuses([offered!.id]))[0] === 'EXPIRED')

    // The oldest on the waitlist got the place, with a fresh expiry and an email; the other still waits.
    const [first, second] = await db
      .select()
      .from(applications)
      .where(inArray(applications.id, [waiting[0]!.id, waiting[1]!.id]))
      .then((r) => [r.find((x) => x.id === waiting[0]!.id)!, r.find((x) => x.id === waiting[1]!.id)!])
    expect(first!.status).toBe('OFFERED')
    expect(first!.offerExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * DAY)
    expect(second!.status).toBe('WAITLISTED')
    await eventually(async () => smtp.received.find((m) => m.envelopeTo.includes(people[0]!.email)))
    expect(smtp.received.find((m) => m.envelopeTo.includes(people[0]!.email))!.subject).toBe(
      'Your offer for Spring Concert has expired',
    )
    await eventually(async () => smtp.received.find((m) => m.envelopeTo.includes(people[1]!.email)))
    expect(smtp.received.find((m) => m.envelopeTo.includes(people[1]!.email))!.subject).toBe(
      'A place for you in Spring Concert',
    )
  })

  it('a member cannot accept an offer past its expiry, even before the job runs', async () => {
    const event = await createEvent()
    const [row] = await applyAll(event.id, [member])
    await decide({ slug: event.slug, ids: [row!.id], action: 'OFFER', notify: false })
    await t.app.services.db
      .update(applications)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(applications.id, row!.id))
    const res = await gql(t.app, `mutation { acceptOffer(id: "${row!.id}") { id status } }`, {
      token: member.token,
    })
    expect(code(res.body.errors)).toBe('CONFLICT')
    expect(res.body.errors![0]!.message).toContain('expired')
  })

  it('promote from the waitlist: the admin button offers the next when a place is free, CONFLICT when full', async () => {
    const event = await createEvent({ capacity: 1 })
    const people = await members(2)
    const waiting = await applyAll(event.id, people, 'WAITLISTED')
    const PROMOTE = `mutation { promoteFromWaitlist(eventSlug: "${event.slug}", type: "singer") { id status } }`
    const first = await gql<{ promoteFromWaitlist: { id: string; status: string } }>(t.app, PROMOTE, {
      token: admin.token,
    })
    expect(first.body.data!.promoteFromWaitlist).toEqual({ id: waiting[0]!.id, status: 'OFFERED' })
    const full = await gql(t.app, PROMOTE, { token: admin.token })
    expect(code(full.body.errors)).toBe('CONFLICT')
    // Without auto-offer configured, the step a decline or withdrawal takes in its transaction does nothing.
    await t.app.services.db
      .update(applications)
      .set({ status: 'DECLINED' })
      .where(eq(applications.id, waiting[0]!.id))
    const ctx = systemContext(t.app.services)
    const auto = await withTx(ctx, async (tx, afterCommit) =>
      offerFreedPlace(ctx, tx, afterCommit, await lockEventById(tx, event.id), 'singer'),
    )
    expect(auto).toEqual({ row: null, reason: 'not-automatic' })
  })
})

describe('a freed place', () => {
  const statusOf = async (id: string) =>
    (await t.app.services.db.select().from(applications).where(eq(applications.id, id)))[0]!.status

  it('a declined offer goes to the next on the waitlist when the type offers automatically', async () => {
    const event = await createEvent({ capacity: 1, autoOfferFromWaitlist: true })
    const people = await members(3)
    const [offered] = await applyAll(event.id, people.slice(0, 1))
    const waiting = await applyAll(event.id, people.slice(1), 'WAITLISTED')
    await decide({ slug: event.slug, ids: [offered!.id], action: 'OFFER', notify: false })

    const res = await gql(t.app, `mutation { declineOffer(id: "${offered!.id}") { id status } }`, {
      token: people[0]!.token,
    })
    expect(res.body.errors).toBeUndefined()
    expect(await statusOf(offered!.id)).toBe('DECLINED')
    expect(await statusOf(waiting[0]!.id)).toBe('OFFERED')
    expect(await statusOf(waiting[1]!.id)).toBe('WAITLISTED')
    // One request: the automatic offer is audited without an actor, under the decline's request id.
    const audits = await t.app.services.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [offered!.id, waiting[0]!.id]))
    const decline = audits.find((a) => a.action === 'application.decline')!
    const offer = audits.find((a) => a.action === 'application.offer' && a.entityId === waiting[0]!.id)!
    expect(decline.actorId).toBe(people[0]!.id)
    expect(offer.actorId).toBeNull()
    expect(offer.requestId).toBe(decline.requestId)
  })

  it('a withdrawn offer stays free when the type does not offer automatically', async () => {
    const event = await createEvent({ capacity: 1 })
    const people = await members(2)
    const [offered] = await applyAll(event.id, people.slice(0, 1))
    const [waiting] = await applyAll(event.id, people.slice(1), 'WAITLISTED')
    await decide({ slug: event.slug, ids: [offered!.id], action: 'OFFER', notify: false })
    const res = await gql(t.app, `mutation { withdrawApplication(id: "${offered!.id}") { id status } }`, {
      token: people[0]!.token,
    })
    expect(res.body.errors).toBeUndefined()
    expect(await statusOf(offered!.id)).toBe('WITHDRAWN')
    expect(await statusOf(waiting!.id)).toBe('WAITLISTED')
  })
})

describe('late applications', () => {
  it('an admin adds one after the deadline; a second for the same type is CONFLICT', async () => {
    const event = await createEvent()
    const late = await createUser(t.app, { name: 'Lee Late' })
    const ADD = `mutation ($email: String!) { addLateApplication(eventSlug: "${event.slug}", userEmail: $email, type: "singer") { id status } }`
    const res = await gql<{ addLateApplication: { id: string; status: string } }>(t.app, ADD, {
      token: admin.token,
      variables: { email: late.email },
    })
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data!.addLateApplication.status).toBe('SUBMITTED')
    const again = await gql(t.app, ADD, { token: admin.token, variables: { email: late.email } })
    expect(code(again.body.errors)).toBe('CONFLICT')
    const nobody = await gql(t.app, ADD, {
      token: admin.token,
      variables: { email: 'nobody@stagedoor.test' },
    })
    expect(code(nobody.body.errors)).toBe('NOT_FOUND')
    const [audit] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, res.body.data!.addLateApplication.id),
          eq(auditLog.action, 'application.add-late'),
        ),
      )
    expect(audit?.actorId).toBe(admin.id)
  })
})

describe('payments', () => {
  const PAY = `mutation ($id: ID!, $line: String!, $amount: Int!, $method: PaymentMethod!, $ref: String) {
    recordPayment(applicationId: $id, lineKey: $line, amountPence: $amount, method: $method, reference: $ref) { id status }
  }`
  const pay = (variables: Record<string, unknown>, token = admin.token) =>
    gql<{ recordPayment: { id: string; status: string } }>(t.app, PAY, { token, variables })

  async function confirmed() {
    const event = await createEvent()
    const [row] = await applyAll(event.id, [await createUser(t.app, { name: 'Pat Payer' })])
    await t.app.services.db
      .update(applications)
      .set({ status: 'CONFIRMED' })
      .where(eq(applications.id, row!.id))
    return { event, row: row! }
  }

  it('partial then full payment makes the application PAID', async () => {
    const { event, row } = await confirmed()
    const first = await pay({ id: row.id, line: 'fee', amount: 1000, method: 'CASH', ref: 'receipt 12' })
    expect(first.body.data!.recordPayment.status).toBe('CONFIRMED')
    const second = await pay({ id: row.id, line: 'fee', amount: 1500, method: 'BANK_TRANSFER' })
    expect(second.body.data!.recordPayment.status).toBe('CONFIRMED')
    const last = await pay({ id: row.id, line: 'score', amount: 500, method: 'CARD' })
    expect(last.body.data!.recordPayment.status).toBe('PAID')
    const overview = await gql<{
      acceptanceOverview: { applications: { owedPence: number; outstandingPence: number }[] }
    }>(t.app, OVERVIEW, { token: admin.token, variables: { slug: event.slug } })
    expect(overview.body.data!.acceptanceOverview.applications[0]).toMatchObject({
      owedPence: 3000,
      outstandingPence: 0,
    })
    const one = await gql<{
      acceptanceApplication: { ledger: { key: string; outstandingPence: number; paid: boolean }[] }
    }>(
      t.app,
      `{ acceptanceApplication(id: "${row.id}") { ledger { key outstandingPence paid } payments { amountPence } } }`,
      {
        token: admin.token,
      },
    )
    expect(one.body.data!.acceptanceApplication.ledger).toEqual([
      { key: 'fee', outstandingPence: 0, paid: true },
      { key: 'score', outstandingPence: 0, paid: true },
    ])
    const audits = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, 'payment.record')))
    expect(audits).toHaveLength(3)

    // A refund is recorded, but the application stays PAID (decision 0015); no more than was paid.
    const refund = await pay({ id: row.id, line: 'score', amount: -500, method: 'CARD', ref: 'refund' })
    expect(refund.body.data!.recordPayment.status).toBe('PAID')
    const tooMuch = await pay({ id: row.id, line: 'score', amount: -1, method: 'CARD' })
    expect(code(tooMuch.body.errors)).toBe('VALIDATION')
  })

  it('refuses a wrong line, a zero amount, an unconfirmed application and non-admins', async () => {
    const { row } = await confirmed()
    const wrongLine = await pay({ id: row.id, line: 'bus', amount: 100, method: 'CASH' })
    expect(code(wrongLine.body.errors)).toBe('VALIDATION')
    const zero = await pay({ id: row.id, line: 'fee', amount: 0, method: 'CASH' })
    expect(code(zero.body.errors)).toBe('VALIDATION')
    const overpaid = await pay({ id: row.id, line: 'fee', amount: 2501, method: 'CASH' })
    expect(code(overpaid.body.errors)).toBe('VALIDATION')
    expect(overpaid.body.errors![0]!.message).toBe(
      'Only £25.00 is outstanding on Participation fee; record at most that.',
    )

    const event = await createEvent()
    const [submitted] = await applyAll(event.id, [await createUser(t.app)])
    const early = await pay({ id: submitted!.id, line: 'fee', amount: 100, method: 'CASH' })
    expect(code(early.body.errors)).toBe('CONFLICT')

    const forbidden = await pay({ id: row.id, line: 'fee', amount: 100, method: 'CASH' }, member.token)
    expect(code(forbidden.body.errors)).toBe('FORBIDDEN')
    expect(
      await t.app.services.db.select().from(payments).where(eq(payments.applicationId, row.id)),
    ).toHaveLength(0)
  })
})
