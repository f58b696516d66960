import { createContextCache } from '@pothos/core'
import DataLoader from 'dataloader'
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { ApplicationStatus } from '#core/applications/status.ts'
import type { EventType } from '#core/events/event.ts'
import { AppError } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import { applicationReviews, applications, events, profiles, users } from '#server/db/schema/index.ts'
import type { ApplicationRow } from '#server/modules/applications/update-application.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { castingRowById, castingRows, scoresOf, type CastingRow } from './casting-sql.ts'

// Reads of casting (admins only, every one checks admin.general): the detail, reviews, the
// applicant, their history, and the event picker.

export interface Review {
  applicationId: string
  reviewerId: string
  reviewerName: string
  score: number | null
  note: string
  updatedAt: Date
}

export interface PastParticipation {
  id: string
  eventSlug: string
  eventTitle: string
  eventType: EventType
  startDate: Date
  applicationType: string
  status: ApplicationStatus
  part: string | null
}

export type ApplicantRow = typeof users.$inferSelect & { profile: typeof profiles.$inferSelect | null }

export interface CastingEventOption {
  id: string
  slug: string
  title: string
  type: EventType
  startDate: Date
  applicationCount: number
}

/** One application of an event by its slug, as the casting detail shows it. */
export async function castingApplication(
  ctx: RequestContext,
  input: { eventSlug: string; slug: string },
): Promise<CastingRow> {
  authorize(ctx.actor, 'admin.general')
  const { db } = ctx.services
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const [row] = await castingRows(db, scoresOf(db, event.id)).where(
    and(eq(applications.eventId, event.id), eq(applications.slug, input.slug)),
  )
  if (!row) throw new AppError('NOT_FOUND', 'No such application.')
  return row
}

/** One application by id (for live refreshes); undefined when it is gone. */
export async function castingApplicationById(
  ctx: RequestContext,
  id: string,
): Promise<CastingRow | undefined> {
  authorize(ctx.actor, 'admin.general')
  return castingRowById(ctx.services.db, id)
}

/** Per request, every reviewer's score and note on each application, newest first, in batches. */
const reviewLoader = createContextCache(
  (ctx: RequestContext) =>
    new DataLoader<string, Review[]>(async (ids) => {
      const rows = await ctx.services.db
        .select({
          applicationId: applicationReviews.applicationId,
          reviewerId: applicationReviews.reviewerId,
          reviewerName: users.name,
          score: applicationReviews.score,
          note: applicationReviews.note,
          updatedAt: applicationReviews.updatedAt,
        })
        .from(applicationReviews)
        .innerJoin(users, eq(users.id, applicationReviews.reviewerId))
        .where(inArray(applicationReviews.applicationId, [...ids]))
        .orderBy(desc(applicationReviews.updatedAt))
      return ids.map((id) => rows.filter((r) => r.applicationId === id))
    }),
)

/** Every reviewer's score and note on an application, newest first (`reviews` and `myReview` share one query). */
export function reviewsOf(ctx: RequestContext, applicationId: string): Promise<Review[]> {
  authorize(ctx.actor, 'admin.general')
  return reviewLoader(ctx).load(applicationId)
}

/** Per request, applicants with their profiles by user id, in batches. */
const applicantLoader = createContextCache(
  (ctx: RequestContext) =>
    new DataLoader<string, ApplicantRow>(async (ids) => {
      const rows = await ctx.services.db
        .select()
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(inArray(users.id, [...ids]))
      const byId = new Map(rows.map((r) => [r.users.id, { ...r.users, profile: r.profiles }]))
      return ids.map((id) => byId.get(id) ?? new Error('No such applicant.'))
    }),
)

/** The applicant's profile as casting sees it. */
export function applicantOf(ctx: RequestContext, userId: string): Promise<ApplicantRow> {
  authorize(ctx.actor, 'admin.general')
  return applicantLoader(ctx).load(userId)
}

/** The member's CONFIRMED or PAID applications to other events, most recent event first. */
export async function pastParticipation(
  ctx: RequestContext,
  application: Pick<ApplicationRow, 'userId' | 'eventId'>,
): Promise<PastParticipation[]> {
  authorize(ctx.actor, 'admin.general')
  return ctx.services.db
    .select({
      id: applications.id,
      eventSlug: events.slug,
      eventTitle: events.title,
      eventType: events.type,
      startDate: events.startDate,
      applicationType: applications.applicationType,
      status: applications.status,
      part: applications.part,
    })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .where(
      and(
        eq(applications.userId, application.userId),
        ne(applications.eventId, application.eventId),
        inArray(applications.status, ['CONFIRMED', 'PAID']),
      ),
    )
    .orderBy(desc(events.startDate))
}

/** The member's other applications to the same event (other types). */
export async function otherApplications(
  ctx: RequestContext,
  application: Pick<ApplicationRow, 'id' | 'userId' | 'eventId'>,
): Promise<CastingRow[]> {
  authorize(ctx.actor, 'admin.general')
  const { db } = ctx.services
  return castingRows(db, scoresOf(db, application.eventId))
    .where(
      and(
        eq(applications.eventId, application.eventId),
        eq(applications.userId, application.userId),
        ne(applications.id, application.id),
      ),
    )
    .orderBy(asc(applications.applicationType))
}

/** The event's id for a slug (subscriptions filter on it); NOT_FOUND when there is none. */
export async function castingEventId(ctx: RequestContext, input: { eventSlug: string }): Promise<string> {
  authorize(ctx.actor, 'admin.general')
  return (await findVisibleEvent(ctx, input.eventSlug)).id
}

/** Events with their application counts, those with applications first (the casting picker). */
export async function castingEvents(ctx: RequestContext): Promise<CastingEventOption[]> {
  authorize(ctx.actor, 'admin.general')
  const { db } = ctx.services
  const counts = db
    .select({
      eventId: applications.eventId,
      count: sql<number>`count(*)::int`.as('application_count'),
    })
    .from(applications)
    .groupBy(applications.eventId)
    .as('counts')
  return db
    .select({
      id: events.id,
      slug: events.slug,
      title: events.title,
      type: events.type,
      startDate: events.startDate,
      applicationCount: sql<number>`coalesce(${counts.count}, 0)::int`,
    })
    .from(events)
    .leftJoin(counts, eq(counts.eventId, events.id))
    .where(isNull(events.archivedAt))
    .orderBy(sql`coalesce(${counts.count}, 0) = 0`, asc(events.startDate))
}
