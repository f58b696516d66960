import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import { offerExpiryDays } from '#core/applications/offer-expiry.ts'
import type { OwedLine } from '#core/applications/payments.ts'
import {
  APPLICATION_STATUSES,
  PLACE_HOLDING_STATUSES,
  type ApplicationStatus,
} from '#core/applications/status.ts'
import { AppError } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import { applicationReviews, applications, events, profiles, users } from '#server/db/schema/index.ts'
import { requireApplicationIds } from '#server/modules/applications/applications.queries.ts'
import { typesOf } from '#server/modules/applications/application-types.ts'
import type { ApplicationRow } from '#server/modules/applications/update-application.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import type { PaymentRow } from '#server/modules/payments/payment-provider.ts'
import {
  ledgerOf,
  paymentsByApplication,
  paymentsOfEvent,
} from '#server/modules/payments/payments.queries.ts'
import { authorize } from '#server/modules/shared/guards.ts'

type EventRow = typeof events.$inferSelect

export interface Applicant {
  name: string
  email: string
  /** The profile's voice part (the application's answer wins where the form asks). */
  voicePart?: string | null
}

export interface AcceptanceEntry {
  application: ApplicationRow
  applicant: Applicant
  ledger: OwedLine[]
  payments: PaymentRow[]
  /** The reviewers' average score (1–5), null when nobody has scored it. */
  averageScore?: number | null
}

export interface TypeSummary {
  key: string
  label: string
  capacity: number | null
  counts: Record<ApplicationStatus, number>
  placesHeld: number
  /** Null when the type has no capacity. */
  placesLeft: number | null
  offerExpiryDays: number
  autoOfferFromWaitlist: boolean
}

export interface AcceptanceOverview {
  event: EventRow
  types: TypeSummary[]
  applications: AcceptanceEntry[]
}

export interface AcceptanceEvent {
  event: EventRow
  counts: Record<ApplicationStatus, number>
}

export const UNKNOWN_APPLICANT: Applicant = { name: 'Unknown member', email: '' }

export const emptyCounts = () =>
  Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<ApplicationStatus, number>

/** Applicants by user id, named as they prefer: one query however many. */
/**
 * The name staff see: the full name, with the preferred one after it when it is not just the start of
 * it ("Finlay Jackson", "Robert Smith (Bobby)"): staff lists need surnames to tell people apart.
 */
export function staffName(fullName: string, preferredName: string | null): string {
  const preferred = preferredName?.trim()
  if (!preferred || fullName.toLowerCase().startsWith(preferred.toLowerCase())) return fullName
  return `${fullName} (${preferred})`
}

export async function applicantsOf(db: Db, userIds: readonly string[]): Promise<Map<string, Applicant>> {
  if (!userIds.length) return new Map()
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      preferredName: profiles.preferredName,
      voicePart: profiles.voicePart,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]))
  return new Map(
    rows.map((r) => [
      r.id,
      { name: staffName(r.name, r.preferredName), email: r.email, voicePart: r.voicePart },
    ]),
  )
}

/** Events with applications or application types, soonest first, with counts per status (admins). */
export async function acceptanceEvents(ctx: RequestContext): Promise<AcceptanceEvent[]> {
  authorize(ctx.actor, 'admin.general')
  const { db } = ctx.services
  const rows = await db
    .select({ eventId: applications.eventId, status: applications.status, n: count() })
    .from(applications)
    .groupBy(applications.eventId, applications.status)
  const all = await db.select().from(events).orderBy(asc(events.startDate))
  const counts = new Map<string, Record<ApplicationStatus, number>>()
  for (const r of rows) {
    const c = counts.get(r.eventId) ?? emptyCounts()
    c[r.status] = Number(r.n)
    counts.set(r.eventId, c)
  }
  return all
    .filter((e) => !e.archivedAt && (counts.has(e.id) || Object.keys(typesOf(e)).length > 0))
    .map((event) => ({ event, counts: counts.get(event.id) ?? emptyCounts() }))
}

/** Average review score per application of the event: one query on the event. */
async function averageScoresOfEvent(db: Db, eventId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({
      id: applicationReviews.applicationId,
      score: sql<number>`avg(${applicationReviews.score})::float8`,
    })
    .from(applicationReviews)
    .innerJoin(applications, eq(applications.id, applicationReviews.applicationId))
    .where(eq(applications.eventId, eventId))
    .groupBy(applicationReviews.applicationId)
  return new Map(rows.map((r) => [r.id, Number(r.score)]))
}

/**
 * Capacity and counts per application type, and every application with its applicant and payments.
 * Three queries on the event (applications with their applicants, payments, scores), each by the
 * event's id: lists of every application's or member's id cost more to build than to run (issue 32).
 */
export async function acceptanceOverview(
  ctx: RequestContext,
  input: { eventSlug: string },
): Promise<AcceptanceOverview> {
  authorize(ctx.actor, 'admin.general')
  const { db } = ctx.services
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const [found, paid, scores] = await Promise.all([
    db
      .select({
        application: applications,
        email: users.email,
        name: users.name,
        preferredName: profiles.preferredName,
        voicePart: profiles.voicePart,
      })
      .from(applications)
      .leftJoin(users, eq(users.id, applications.userId))
      .leftJoin(profiles, eq(profiles.userId, applications.userId))
      .where(eq(applications.eventId, event.id))
      .orderBy(asc(applications.submittedAt), asc(applications.id)),
    paymentsOfEvent(db, event.id),
    averageScoresOfEvent(db, event.id),
  ])
  const rows = found.map((f) => f.application)
  const types: TypeSummary[] = Object.entries(typesOf(event)).map(([key, type]) => {
    const counts = emptyCounts()
    for (const r of rows) if (r.applicationType === key) counts[r.status] += 1
    const placesHeld = PLACE_HOLDING_STATUSES.reduce((sum, s) => sum + counts[s], 0)
    const capacity = type.capacity ?? null
    return {
      key,
      label: type.label,
      capacity,
      counts,
      placesHeld,
      placesLeft: capacity === null ? null : Math.max(0, capacity - placesHeld),
      offerExpiryDays: offerExpiryDays(type),
      autoOfferFromWaitlist: type.autoOfferFromWaitlist ?? false,
    }
  })
  const entries: AcceptanceEntry[] = found.map(({ application, email, name, preferredName, voicePart }) => ({
    application,
    applicant:
      name === null || email === null
        ? UNKNOWN_APPLICANT
        : { name: staffName(name, preferredName), email, voicePart },
    ledger: ledgerOf(event, application, paid.get(application.id) ?? []),
    payments: paid.get(application.id) ?? [],
    averageScore: scores.get(application.id) ?? null,
  }))
  return { event, types, applications: entries }
}

/** One application as the acceptance page shows it, with its payment lines and payments (admins). */
export async function acceptanceEntry(ctx: RequestContext, input: { id: string }): Promise<AcceptanceEntry> {
  authorize(ctx.actor, 'admin.general')
  requireApplicationIds([input.id])
  const { db } = ctx.services
  const [application] = await db.select().from(applications).where(eq(applications.id, input.id))
  if (!application) throw new AppError('NOT_FOUND', 'No such application.')
  const [event] = await db.select().from(events).where(eq(events.id, application.eventId))
  const people = await applicantsOf(db, [application.userId])
  const paid = (await paymentsByApplication(db, [application.id])).get(application.id) ?? []
  return {
    application,
    applicant: people.get(application.userId) ?? UNKNOWN_APPLICANT,
    ledger: ledgerOf(event!, application, paid),
    payments: paid,
  }
}
