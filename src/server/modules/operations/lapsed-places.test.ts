import { randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applications, events, jobs, outbox, payments } from '#server/db/schema/index.ts'
import { createUser, insertApplication, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { offerLapsedPlaces } from './lapsed-places.ts'
import { LAPSED_PLACES_JOB, queueLapsedPlaces } from './operations.jobs.ts'

const DAY = 86_400_000
const start = new Date()
let now = start
let t: TestApp
let late: TestUser
let payer: TestUser
let waiting: TestUser
let lateElsewhere: TestUser
const ids: Record<string, string> = {}

const day = (d: Date) => d.toISOString().slice(0, 10)

async function makeEvent(offerLapsed: boolean) {
  const eventStart = new Date(start.getTime() + 30 * DAY)
  const [event] = await t.app.services.db
    .insert(events)
    .values({
      slug: `lapse-${randomBytes(3).toString('hex')}`,
      type: 'SINGTHROUGH',
      title: 'Lapse Sing',
      startDate: eventStart,
      endDate: new Date(eventStart.getTime() + 3_600_000),
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
            capacity: 2,
            offerExpiryDays: 7,
            autoOfferFromWaitlist: false,
            questions: [],
          },
        },
        paymentLines: {
          singer: [
            {
              key: 'fee',
              label: 'Fee',
              amountPence: 1000,
              dueDate: day(new Date(start.getTime() + 5 * DAY)),
            },
          ],
        },
        content: { infoPack: {} },
        parts: ['Soprano'],
        ...(offerLapsed ? { offerLapsedPlacesToWaitlist: true } : {}),
      },
    })
    .returning()
  return event!.id
}

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false, clock: () => now })
  late = await createUser(t.app, { name: 'Lee Late' })
  payer = await createUser(t.app, { name: 'Pat Payer' })
  waiting = await createUser(t.app, { name: 'Wes Waiting' })
  lateElsewhere = await createUser(t.app, { name: 'Lou Elsewhere' })
  const eventId = await makeEvent(true)
  const other = await makeEvent(false)
  const app = (userId: string, status: 'CONFIRMED' | 'WAITLISTED', event = eventId) =>
    insertApplication(t.app, { eventId: event, userId, status, part: 'Soprano' })
  ids.late = (await app(late.id, 'CONFIRMED')).id
  ids.payer = (await app(payer.id, 'CONFIRMED')).id
  ids.waiting = (await app(waiting.id, 'WAITLISTED')).id
  ids.elsewhere = (await app(lateElsewhere.id, 'CONFIRMED', other)).id
  await t.app.services.db
    .insert(payments)
    .values({ applicationId: ids.payer, lineKey: 'fee', amountPence: 1000, method: 'CASH' })
})
afterAll(() => t.close())

const statuses = async () => {
  const rows = await t.app.services.db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(inArray(applications.id, Object.values(ids)))
  return Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, rows.find((r) => r.id === id)!.status]))
}

describe('payment deadline → waitlist', () => {
  it('does nothing before the due date has passed', async () => {
    expect(await offerLapsedPlaces(t.app.services)).toEqual([])
    expect(await statuses()).toEqual({
      late: 'CONFIRMED',
      payer: 'CONFIRMED',
      waiting: 'WAITLISTED',
      elsewhere: 'CONFIRMED',
    })
  })

  it('as a daily job after the deadline: cancels the lapsed place and offers it to the next waiting', async () => {
    const { db, queue } = t.app.services
    await queueLapsedPlaces(t.app.services)
    await queueLapsedPlaces(t.app.services)
    const pending = await db.select().from(jobs).where(eq(jobs.name, LAPSED_PLACES_JOB))
    expect(pending).toHaveLength(1)
    expect(pending[0]!.runAt.getUTCHours()).toBe(6)

    // Six days on (the due date's end of day has passed); the job is due.
    now = new Date(start.getTime() + 6 * DAY)
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, pending[0]!.id))
    expect(await queue.runDue()).toBeGreaterThanOrEqual(1)

    expect(await statuses()).toEqual({
      late: 'CANCELLED',
      payer: 'CONFIRMED',
      waiting: 'OFFERED',
      // The other event does not say so: flagged in operations, left for the committee.
      elsewhere: 'CONFIRMED',
    })
    const mail = await db
      .select({ to: outbox.to, template: outbox.template })
      .from(outbox)
      .where(inArray(outbox.to, [late.email, waiting.email, lateElsewhere.email, payer.email]))
    expect(mail).toEqual(
      expect.arrayContaining([
        { to: late.email, template: 'operations.lapsed' },
        { to: waiting.email, template: 'application.offered' },
      ]),
    )
    expect(mail).toHaveLength(2)
    const next = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, LAPSED_PLACES_JOB), eq(jobs.status, 'pending')))
    expect(next).toHaveLength(1)

    // A second run finds nothing more to do.
    expect(await offerLapsedPlaces(t.app.services)).toEqual([])
  })
})
