import { randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, events, outbox } from '#server/db/schema/index.ts'
import { createUser, insertApplication, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

const DAY = 86_400_000
let t: TestApp
let md: TestUser
let member: TestUser
let sopranos: TestUser[]
let others: TestUser[]
let slug: string

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  md = await createUser(t.app, { roles: ['sitrMD'], name: 'Mei MD' })
  member = await createUser(t.app, { name: 'Mo Member' })
  sopranos = [
    await createUser(t.app, { name: 'Sue Soprano' }),
    await createUser(t.app, { name: 'Sal Soprano' }),
  ]
  const confirmedSoprano = await createUser(t.app, { name: 'Cy Soprano' })
  const paidAlto = await createUser(t.app, { name: 'Al Alto' })
  others = [confirmedSoprano, paidAlto, member]
  slug = `msg-${randomBytes(3).toString('hex')}`
  const start = new Date(Date.now() + 10 * DAY)
  const [event] = await t.app.services.db
    .insert(events)
    .values({
      slug,
      type: 'SINGTHROUGH',
      title: 'Message Sing',
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
        paymentLines: {},
        content: { infoPack: {} },
        parts: ['Soprano', 'Alto'],
      },
    })
    .returning()
  const eventId = event!.id
  for (const s of sopranos)
    await insertApplication(t.app, { eventId, userId: s.id, status: 'PAID', part: 'Soprano' })
  await insertApplication(t.app, {
    eventId,
    userId: confirmedSoprano.id,
    status: 'CONFIRMED',
    part: 'Soprano',
  })
  await insertApplication(t.app, { eventId, userId: paidAlto.id, status: 'PAID', part: 'Alto' })
  await insertApplication(t.app, { eventId, userId: member.id, status: 'WAITLISTED', part: 'Soprano' })
})
afterAll(() => t.close())

const code = (body: { errors?: { extensions?: { code?: string } }[] }) => body.errors?.[0]?.extensions?.code
const PAID_SOPRANOS = { tab: 'participants', status: 'PAID', part: 'Soprano' }
const PREVIEW = `query($s: String!, $f: ParticipantFilterInput!, $subject: String!, $body: String!) {
  messagePreview(eventSlug: $s, filter: $f, subject: $subject, body: $body) { subject text html recipients { userId email } } }`
const SEND = `mutation($s: String!, $f: ParticipantFilterInput!, $subject: String!, $body: String!) {
  sendParticipantMessage(eventSlug: $s, filter: $f, subject: $subject, body: $body) { userId } }`

describe('messages to participants', () => {
  const subject = 'Rehearsal moved: {{eventTitle}}'
  const body = 'Hi {{name}},\n\nThe **rehearsal** for {{eventTitle}} ({{applicationType}}) is now at 7pm.'

  it('previews who gets it and the rendered email', async () => {
    const res = await gql<{
      messagePreview: { subject: string; text: string; html: string; recipients: { userId: string }[] }
    }>(t.app, PREVIEW, { variables: { s: slug, f: PAID_SOPRANOS, subject, body }, token: md.token })
    expect(res.body.errors).toBeUndefined()
    const p = res.body.data!.messagePreview
    expect(p.recipients.map((r) => r.userId).sort()).toEqual(sopranos.map((s) => s.id).sort())
    expect(p.subject).toBe('Rehearsal moved: Message Sing')
    expect(p.text).toContain('(Singer) is now at 7pm')
    expect(p.html).toContain('<strong>rehearsal</strong>')
  })

  it('queues one email for exactly the filtered set and records it on each member', async () => {
    const res = await gql<{ sendParticipantMessage: { userId: string }[] }>(t.app, SEND, {
      variables: { s: slug, f: PAID_SOPRANOS, subject, body },
      token: md.token,
    })
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data!.sendParticipantMessage).toHaveLength(2)
    const everyone = [...sopranos, ...others]
    const queued = await t.app.services.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.template, 'operations.message'),
          inArray(
            outbox.to,
            everyone.map((u) => u.email),
          ),
        ),
      )
    expect(queued.map((m) => m.to).sort()).toEqual(sopranos.map((s) => s.email).sort())
    const sue = queued.find((m) => m.to === sopranos[0]!.email)!
    expect(sue.text).toContain(`Hi ${sopranos[0]!.name},`)
    expect(sue.subject).toBe('Rehearsal moved: Message Sing')
    const recorded = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operations.message'), eq(auditLog.entityType, 'user')))
    expect(recorded.map((r) => r.entityId).sort()).toEqual(sopranos.map((s) => s.id).sort())
  })

  it('refuses an empty set, an empty subject or body, a bad placeholder, and a member', async () => {
    const before = (await t.app.services.db.select().from(outbox)).length
    const send = (f: object, s: string, b: string, token = md.token) =>
      gql(t.app, SEND, { variables: { s: slug, f, subject: s, body: b }, token })
    expect(code((await send({ tab: 'participants', part: 'Tenor' }, subject, body)).body)).toBe('VALIDATION')
    expect(code((await send(PAID_SOPRANOS, '  ', body)).body)).toBe('VALIDATION')
    expect(code((await send(PAID_SOPRANOS, subject, '')).body)).toBe('VALIDATION')
    expect(code((await send(PAID_SOPRANOS, subject, 'Hi {{nope}}')).body)).toBe('VALIDATION')
    // The tab is an enum: a word outside it is refused by the schema (BAD_REQUEST), before the resolver.
    expect(code((await send({ tab: 'everyone' }, subject, body)).body)).toBe('BAD_REQUEST')
    expect(code((await send(PAID_SOPRANOS, subject, body, member.token)).body)).toBe('FORBIDDEN')
    const preview = await gql(t.app, PREVIEW, {
      variables: { s: slug, f: PAID_SOPRANOS, subject, body },
      token: member.token,
    })
    expect(code(preview.body)).toBe('FORBIDDEN')
    expect((await t.app.services.db.select().from(outbox)).length).toBe(before)
  })
})
