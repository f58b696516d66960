import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushKind } from '#core/notifications/push-preferences.ts'
import { systemContext } from '#server/context.ts'
import { events, jobs, outbox, pushSubscriptions, ticketOrders } from '#server/db/schema/index.ts'
import { remindOffer } from '#server/modules/acceptance/remind-offer.ts'
import {
  OFFER_REMINDER_BEFORE_MS,
  OFFER_REMINDER_JOB,
  type OfferReminderJob,
} from '#server/modules/applications/offer-reminder.ts'
import { releaseOrder } from '#server/modules/tickets/release-order.ts'
import {
  createUser,
  insertApplication,
  insertReleasableEvent,
  type TestUser,
} from '#server/testing/factories.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { PUSH_JOB, type PushJob } from './send-push.ts'

// Each kind of notification (decision 0028): queued next to its email for a member with a subscribed
// browser and the kind on; not for one who turned the kind off, nor for one with no browser.

let t: TestApp
let shift = 0
let admin: TestUser

beforeAll(async () => {
  t = await createTestApp(
    { MAIL_DISABLED: 'true' },
    { startJobs: false, clock: () => new Date(Date.now() + shift) },
  )
  admin = await createUser(t.app, { roles: ['superAdmin'], name: 'Ada Admin' })
}, 60_000)
afterAll(async () => t?.close())

const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
const AUTH = 'tBHItJI5svbpez7KI4CCXg'
const PREFS = `mutation ($input: PushPreferencesInput!) { updatePushPreferences(input: $input) {
  pushPreferences { offers releases showReveals ticketOffers } } }`

/** Three members: `on` (a browser, every kind on), `off` (a browser, `kind` off), `none` (no browser). */
async function members(kind: PushKind) {
  const on = await createUser(t.app, { name: 'On Member' })
  const off = await createUser(t.app, { name: 'Off Member' })
  const none = await createUser(t.app, { name: 'None Member' })
  for (const who of [on, off]) {
    await t.app.services.db.insert(pushSubscriptions).values({
      userId: who.id,
      // NOTE: a closed port on this machine: a push job that runs in the test fails at once, offline.
      endpoint: `http://127.0.0.1:9/${who.id}`,
      p256dh: P256DH,
      auth: AUTH,
    })
  }
  const prefs = { offers: true, releases: true, showReveals: true, ticketOffers: true, [kind]: false }
  const saved = await gql<{ updatePushPreferences: { pushPreferences: Record<string, boolean> } }>(
    t.app,
    PREFS,
    { token: off.token, variables: { input: prefs } },
  )
  expect(saved.body.data?.updatePushPreferences.pushPreferences).toEqual(prefs)
  return { on, off, none }
}

async function pushesTo(userId: string): Promise<PushJob['message'][]> {
  const rows = await t.app.services.db.select().from(jobs).where(eq(jobs.name, PUSH_JOB))
  return rows
    .map((r) => r.payload as PushJob)
    .filter((p) => p.userId === userId)
    .map((p) => p.message)
}

async function mailTo(email: string, template: string) {
  return t.app.services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, template)))
}

async function concert(extra: Partial<typeof events.$inferInsert> = {}) {
  const slug = `pk-${randomBytes(4).toString('hex')}`
  const [event] = await t.app.services.db
    .insert(events)
    .values({
      slug,
      type: 'CONCERT',
      title: `Concert ${slug}`,
      startDate: new Date(Date.now() + 30 * 86_400_000),
      endDate: new Date(Date.now() + 30 * 86_400_000 + 3_600_000),
      visibility: 'public',
      eventConfig: parseEventConfig({ applicationTypes: { singer: { label: 'Singer' } } }),
      ...extra,
    })
    .returning()
  return event!
}

describe('push preferences', () => {
  it.each([
    ['a string', 'no'],
    ['a number', 0],
    ['null', null],
  ])('refuses a switch that is %s, writing nothing', async (_, bad) => {
    const member = await createUser(t.app)
    const res = await gql(t.app, PREFS, {
      token: member.token,
      variables: { input: { offers: bad, releases: false, showReveals: false, ticketOffers: false } },
    })
    expect(res.body.data?.updatePushPreferences ?? null).toBeNull()
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    expect(res.body.errors?.[0]?.message).toMatch(/offers.*Boolean/)
    // NOTE: the other three switches were valid and false: had the mutation run, they would be off now.
    const profile = await gql<{ myProfile: { pushPreferences: Record<string, boolean> } }>(
      t.app,
      '{ myProfile { pushPreferences { offers releases showReveals ticketOffers } } }',
      { token: member.token },
    )
    expect(profile.body.data?.myProfile.pushPreferences).toEqual({
      offers: true,
      releases: true,
      showReveals: true,
      ticketOffers: true,
    })
  })
})

describe('offers: made, and 24 h before they lapse', () => {
  it('queues both pushes where the kind is on, the emails for all; the reminder is void once answered', async () => {
    const { on, off, none } = await members('offers')
    const event = await concert()
    const apps: Awaited<ReturnType<typeof insertApplication>>[] = []
    for (const who of [on, off, none])
      apps.push(await insertApplication(t.app, { eventId: event.id, userId: who.id }))
    const expiresAt = new Date(Date.now() + 7 * 86_400_000)
    const offered = await gql(
      t.app,
      'mutation ($slug: String!, $ids: [ID!]!, $at: DateTime!) { decideApplications(eventSlug: $slug, applicationIds: $ids, action: OFFER, offerExpiresAt: $at) { id } }',
      {
        token: admin.token,
        variables: { slug: event.slug, ids: apps.map((a) => a.id), at: expiresAt.toISOString() },
      },
    )
    expect(offered.body.errors).toBeUndefined()
    expect((await pushesTo(on.id)).map((m) => m.title)).toEqual(['You have been offered a place'])
    expect(await pushesTo(off.id)).toEqual([])
    expect(await pushesTo(none.id)).toEqual([])

    // One reminder job per offer, at expiry − 24 h.
    const reminders = await t.app.services.db.select().from(jobs).where(eq(jobs.name, OFFER_REMINDER_JOB))
    const mine = reminders.filter((j) =>
      apps.some((a) => a.id === (j.payload as OfferReminderJob).applicationId),
    )
    expect(mine).toHaveLength(3)
    for (const job of mine) expect(job.runAt.getTime()).toBe(expiresAt.getTime() - OFFER_REMINDER_BEFORE_MS)

    const ctx = systemContext(t.app.services, 'test')
    for (const job of mine) expect(await remindOffer(ctx, job.payload as OfferReminderJob)).toBe(true)
    for (const who of [on, off, none]) {
      expect(await mailTo(who.email, 'application.offerReminder')).toHaveLength(1)
    }
    const onPushes = await pushesTo(on.id)
    expect(onPushes.map((m) => m.title)).toEqual([
      'You have been offered a place',
      'Your offer expires in 24 hours',
    ])
    expect(onPushes[1]).toMatchObject({ url: '/applications', tag: `offer-${apps[0]!.id}` })
    expect(await pushesTo(off.id)).toEqual([])
    expect(await pushesTo(none.id)).toEqual([])

    // Answered: the pending reminder is gone, and an old one that still ran does nothing.
    const accepted = await gql(t.app, `mutation { acceptOffer(id: "${apps[1]!.id}") { id } }`, {
      token: off.token,
    })
    expect(accepted.body.errors).toBeUndefined()
    const left = await t.app.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.singletonKey, `offer-reminder:${apps[1]!.id}`), eq(jobs.status, 'pending')))
    expect(left).toEqual([])
    const stale = mine.find((j) => (j.payload as OfferReminderJob).applicationId === apps[1]!.id)!
    expect(await remindOffer(ctx, stale.payload as OfferReminderJob)).toBe(false)
    // A changed expiry makes an old job a no-op too.
    const changed = { applicationId: apps[0]!.id, offerExpiresAt: new Date(0).toISOString() }
    expect(await remindOffer(ctx, changed)).toBe(false)
  })
})

describe('releases', () => {
  it('tells the accepted participants who can now open the info pack; push only where on', async () => {
    const { on, off, none } = await members('releases')
    const applicant = await createUser(t.app, { name: 'Still Applying' })
    const event = await insertReleasableEvent(t.app, { slugPrefix: 'rel' })
    for (const who of [on, off, none]) {
      await insertApplication(t.app, { eventId: event.id, userId: who.id, status: 'CONFIRMED' })
    }
    await insertApplication(t.app, { eventId: event.id, userId: applicant.id, status: 'SUBMITTED' })
    const release = (flag: string) =>
      gql(t.app, `mutation { setEventReleases(id: "${event.id}", ${flag}: true) { id } }`, {
        token: admin.token,
      })

    expect((await release('releaseParticipantInfoPack')).body.errors).toBeUndefined()
    for (const who of [on, off, none]) expect(await mailTo(who.email, 'events.released')).toHaveLength(1)
    expect(await mailTo(applicant.email, 'events.released')).toEqual([])
    expect(await pushesTo(on.id)).toEqual([
      {
        title: 'Info pack released',
        body: `${event.title}: the info pack is out.`,
        url: `/applications/${event.slug}/participant-info/singer`,
        tag: `release-${event.id}-infoPack`,
      },
    ])
    expect(await pushesTo(off.id)).toEqual([])
    expect(await pushesTo(none.id)).toEqual([])

    // Saved on again, or a sing-through's cast list (always open to its cast): nothing new to tell.
    expect((await release('releaseParticipantInfoPack')).body.errors).toBeUndefined()
    expect((await release('releaseCastList')).body.errors).toBeUndefined()
    expect(await mailTo(on.email, 'events.released')).toHaveLength(1)
    expect(await pushesTo(on.id)).toHaveLength(1)

    // Turned off and on again (issue 29: 9 people got 18 emails): nobody is told twice.
    const unrelease = await gql(
      t.app,
      `mutation { setEventReleases(id: "${event.id}", releaseParticipantInfoPack: false) { id } }`,
      { token: admin.token },
    )
    expect(unrelease.body.errors).toBeUndefined()
    expect((await release('releaseParticipantInfoPack')).body.errors).toBeUndefined()
    for (const who of [on, off, none]) expect(await mailTo(who.email, 'events.released')).toHaveLength(1)
    expect(await pushesTo(on.id)).toHaveLength(1)
  })
})

describe('show reveals', () => {
  it('tells the live applicants when the reveal job runs; push only where on', async () => {
    const { on, off, none } = await members('showReveals')
    const withdrawn = await createUser(t.app, { name: 'Gone Member' })
    const event = await concert({
      type: 'SHOW',
      showName: 'Sweeney Todd',
      revealAt: new Date(Date.now() + 86_400_000),
    })
    for (const who of [on, off, none]) await insertApplication(t.app, { eventId: event.id, userId: who.id })
    await insertApplication(t.app, { eventId: event.id, userId: withdrawn.id, status: 'WITHDRAWN' })
    const revealed = await gql(t.app, `mutation { revealShowNow(id: "${event.id}") { id } }`, {
      token: admin.token,
    })
    expect(revealed.body.errors).toBeUndefined()
    expect(await mailTo(on.email, 'events.revealed')).toEqual([]) // the job has not run yet
    while ((await t.app.services.queue.runDue()) > 0) {
      // Run the reveal job (and nothing else is due).
    }
    for (const who of [on, off, none]) expect(await mailTo(who.email, 'events.revealed')).toHaveLength(1)
    expect(await mailTo(withdrawn.email, 'events.revealed')).toEqual([])
    const pushes = await pushesTo(on.id)
    expect(pushes).toEqual([
      {
        title: 'The show is Sweeney Todd',
        body: `${event.title} has been revealed.`,
        url: `/events/${event.slug}`,
        tag: `reveal-${event.id}`,
      },
    ])
    expect(await pushesTo(off.id)).toEqual([])
    expect(await pushesTo(none.id)).toEqual([])
  })
})

describe('ticket offers from the waitlist', () => {
  it('tells the members next in line; push only where on', async () => {
    const { on, off, none } = await members('ticketOffers')
    const event = await concert()
    const type = {
      name: 'Adult',
      info: '',
      pricePence: 1000,
      quota: 3,
      perPersonLimit: 3,
      audience: 'PUBLIC',
      mode: 'FIRST_COME',
    }
    const sale = await gql<{ setUpTicketSale: { types: { id: string }[] } }>(
      t.app,
      `mutation($e: String!, $input: TicketSaleInput!) { setUpTicketSale(eventSlug: $e, input: $input) { types { id } } }`,
      {
        token: admin.token,
        variables: { e: event.slug, input: { capacity: 100, published: true, addTypes: [type] } },
      },
    )
    expect(sale.body.errors).toBeUndefined()
    const typeId = sale.body.data!.setUpTicketSale.types[0]!.id
    const hold = await gql<{ holdTickets: { claimToken: string } }>(
      t.app,
      `mutation($e: String!, $t: ID!) { holdTickets(eventSlug: $e, lines: [{ ticketTypeId: $t, quantity: 3 }], email: "v@example.test") { claimToken } }`,
      { variables: { e: event.slug, t: typeId } },
    )
    expect(hold.body.errors).toBeUndefined()
    for (const who of [on, off, none]) {
      const joined = await gql(
        t.app,
        `mutation($e: String!, $t: ID!) { joinTicketWaitlist(eventSlug: $e, ticketTypeId: $t, quantity: 1) }`,
        { token: who.token, variables: { e: event.slug, t: typeId } },
      )
      expect(joined.body.errors).toBeUndefined()
    }
    const [order] = await t.app.services.db
      .select()
      .from(ticketOrders)
      .where(eq(ticketOrders.claimToken, hold.body.data!.holdTickets.claimToken))
    shift += 11 * 60_000 // the checkout's hold lapses
    expect(await releaseOrder(systemContext(t.app.services, 'test'), order!.id)).toBe('RELEASED')

    for (const who of [on, off, none])
      expect(await mailTo(who.email, 'tickets.waitlistOffer')).toHaveLength(1)
    const [push] = await pushesTo(on.id)
    const [mail] = await mailTo(on.email, 'tickets.waitlistOffer')
    const claim = /\/tickets\/claim\/[\w-]+/.exec(mail!.text)![0]
    expect(push).toMatchObject({ title: `Tickets for ${event.title} are yours to claim`, url: claim })
    expect(push!.tag).toMatch(/^ticket-offer-/)
    expect(await pushesTo(off.id)).toEqual([])
    expect(await pushesTo(none.id)).toEqual([])
  })
})
