import { and, eq, inArray } from 'drizzle-orm'
import type { Role } from '#core/auth/roles.ts'
import { createAccount, hashPassword } from '#server/auth/accounts.service.ts'
import {
  applicationReviews,
  applications,
  events,
  payments,
  profiles,
  users,
} from '#server/db/schema/index.ts'
import type { Services } from '#server/services.ts'
import type { Tx } from '#server/db/client.ts'
import { seedParticipantsDemo } from './participants-demo.ts'
import { seedMailingListsDemo } from './demo-mailing-lists.ts'
import { seedTicketsDemo } from './demo-tickets.ts'
import { seedDemoLearningTracks } from './demo-learning-tracks.ts'
import { demoApplications } from './demo-applications.ts'
import { seedCommitteeTerms } from './demo-committee.ts'
import { seedOutboxDemo } from './demo-outbox.ts'
import { DEMO_EVENT_SLUGS, demoEvents } from './demo-events.ts'
import { demoMembers } from './demo-members.ts'
import { seedDemoProfiles } from './demo-profiles.ts'

/** Every demo account signs in with this password (demo mode only, never in production). */
export const DEMO_PASSWORD = 'stagedoor-demo'

export interface DemoAccount {
  email: string
  name: string
  roles: Role[]
}

/** One account per role, then plain members. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'superadmin@stagedoor.test', name: 'Sasha Okafor', roles: ['superAdmin'] },
  { email: 'boardmember@stagedoor.test', name: 'Bea Lindqvist', roles: ['boardMember'] },
  { email: 'orchestraadmin@stagedoor.test', name: 'Omar Haddad', roles: ['orchestraAdmin'] },
  { email: 'sitrmd@stagedoor.test', name: 'Mei Tanaka', roles: ['sitrMD'] },
  { email: 'socialconvenor@stagedoor.test', name: 'Cal Byrne', roles: ['socialConvenor'] },
  { email: 'ticketadmin@stagedoor.test', name: 'Tess Novak', roles: ['ticketAdmin'] },
  { email: 'member1@stagedoor.test', name: 'Maya Patel', roles: [] },
  { email: 'member2@stagedoor.test', name: 'Jonah Reyes', roles: [] },
  { email: 'member3@stagedoor.test', name: 'Ife Adeyemi', roles: [] },
]

/**
 * Create the demo society: the accounts above, about sixty members with profiles, an event of every
 * type and applications in every status, and learning tracks for the sing-through. Idempotent: whatever exists is left as it is, so running
 * it twice changes nothing.
 */
export async function seedDemo(
  services: Pick<Services, 'db' | 'auth' | 'storage'>,
  now = new Date(),
): Promise<{ created: string[] }> {
  const { db } = services
  const created: string[] = []
  // Hashing is deliberately slow: hash the shared demo password once, not once per account.
  let hash: string | undefined
  for (const account of DEMO_ACCOUNTS) {
    const existing = await db.query.users.findFirst({ where: eq(users.email, account.email) })
    if (existing) continue
    hash ??= await hashPassword(services.auth, DEMO_PASSWORD)
    await createAccount(services, { ...account, password: { hash }, emailVerified: true })
    created.push(account.email)
  }
  // NOTE: the accounts above are written by better-auth through services.db, so outside; the rest in
  // one transaction: one commit instead of about two hundred, each flushed to the disk on the
  // embedded database (a newcomer's first start, issue 32, decision 0056), and a start stopped half
  // way leaves no half-made demo society. Every read and write below goes through `tx`.
  await db.transaction((tx) => seedDemoData(tx, services.storage, now))
  return { created }
}

/** Everything of the demo society but its accounts, inside the caller's transaction. */
async function seedDemoData(db: Tx, storage: Services['storage'], now: Date): Promise<void> {
  const members = demoMembers()
  await db
    .insert(users)
    .values(members.map((m) => ({ id: m.id, email: m.email, name: m.name, emailVerified: true, roles: [] })))
    .onConflictDoNothing()
  await db
    .insert(profiles)
    .values(members.map((m) => ({ userId: m.id, ...m.profile })))
    .onConflictDoNothing()

  await db.insert(events).values(demoEvents(now)).onConflictDoNothing({ target: events.slug })

  const wanted = demoApplications(members)
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...new Set(wanted.map((a) => a.email))]))
  const eventRows = await db.select({ id: events.id, slug: events.slug }).from(events)
  const userId = new Map(people.map((p) => [p.email, p.id]))
  const eventId = new Map(eventRows.map((e) => [e.slug, e.id]))
  const rows = wanted.flatMap((a) => {
    const u = userId.get(a.email)
    const e = eventId.get(a.eventSlug)
    const slug = `${a.email.split('@')[0]}-${a.applicationType}`
    return u && e
      ? [
          {
            userId: u,
            eventId: e,
            applicationType: a.applicationType,
            slug,
            status: a.status,
            answers: a.answers ?? {},
            part: a.part ?? null,
          },
        ]
      : []
  })
  const inserted = rows.length
    ? await db.insert(applications).values(rows).onConflictDoNothing().returning()
    : []
  await seedPaidInFull(db, inserted)
  await seedOfferExpiries(db, inserted, now)
  await seedReviews(db, eventId)
  await seedParticipantsDemo(db)
  await seedMailingListsDemo(db, now)
  await seedTicketsDemo(db, now)
  await seedCommitteeTerms(db, now)
  await seedOutboxDemo(db, now)
  await seedDemoProfiles(db, storage)
  await seedDemoLearningTracks(db, storage)
}

/**
 * Demo offers expire: the first one in 36 hours (the dashboard's "expiring within 48 h" line has
 * something to show), the others in five days (new rows only).
 */
async function seedOfferExpiries(
  db: Pick<Services, 'db'>['db'],
  inserted: (typeof applications.$inferSelect)[],
  now: Date,
) {
  const offered = inserted.filter((a) => a.status === 'OFFERED')
  for (const [i, a] of offered.entries()) {
    const hours = i === 0 ? 36 : 5 * 24
    await db
      .update(applications)
      .set({ offerExpiresAt: new Date(now.getTime() + hours * 3_600_000) })
      .where(eq(applications.id, a.id))
  }
}

/** A PAID demo application has paid every line of its type, so what it owes reads £0 (new rows only). */
async function seedPaidInFull(
  db: Pick<Services, 'db'>['db'],
  inserted: (typeof applications.$inferSelect)[],
) {
  const paid = inserted.filter((a) => a.status === 'PAID')
  if (paid.length === 0) return
  const configs = await db
    .select({ id: events.id, eventConfig: events.eventConfig })
    .from(events)
    .where(inArray(events.id, [...new Set(paid.map((a) => a.eventId))]))
  const linesOf = new Map(configs.map((e) => [e.id, e.eventConfig.paymentLines ?? {}]))
  const values = paid.flatMap((a) =>
    (linesOf.get(a.eventId)?.[a.applicationType] ?? []).map((line) => ({
      applicationId: a.id,
      lineKey: line.key,
      amountPence: line.amountPence,
      method: 'BANK_TRANSFER' as const,
      reference: 'demo',
    })),
  )
  if (values.length) await db.insert(payments).values(values.filter((v) => v.amountPence > 0))
}

const REVIEW_NOTES = [
  'Lovely warm tone; solid sight-reading.',
  'Good energy. Pitching wobbled in the second piece.',
  'Strong candidate for a featured role.',
  'Confident, musical, a natural ensemble singer.',
  'Needs more preparation, but keen.',
  '',
]

/**
 * A few reviews by the demo committee on the concert's and the show's open applications, so casting
 * has averages to sort by. Once there is any review this has run (or the committee has reviewed), so
 * a start costs one query; never overwrites one.
 */
async function seedReviews(db: Pick<Services, 'db'>['db'], eventId: Map<string, string>) {
  const [reviewed] = await db
    .select({ applicationId: applicationReviews.applicationId })
    .from(applicationReviews)
    .limit(1)
  if (reviewed) return
  const reviewers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['sitrmd@stagedoor.test', 'boardmember@stagedoor.test']))
  const eventIds = [DEMO_EVENT_SLUGS.concert, DEMO_EVENT_SLUGS.show]
    .map((slug) => eventId.get(slug))
    .filter((id): id is string => !!id)
  if (!reviewers.length || !eventIds.length) return
  const open = await db
    .select({ id: applications.id, slug: applications.slug })
    .from(applications)
    .where(
      and(inArray(applications.eventId, eventIds), inArray(applications.status, ['SUBMITTED', 'WAITLISTED'])),
    )
    .orderBy(applications.slug)
  const reviews = open.flatMap((app, i) =>
    reviewers
      .filter((_, r) => (i + r) % (r + 2) === 0)
      .map((reviewer, r) => ({
        applicationId: app.id,
        reviewerId: reviewer.id,
        score: ((i * 3 + r) % 5) + 1,
        note: REVIEW_NOTES[(i + r) % REVIEW_NOTES.length]!,
      })),
  )
  if (reviews.length) await db.insert(applicationReviews).values(reviews).onConflictDoNothing()
}
