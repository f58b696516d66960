import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'
import { AppError } from '#core/errors.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { AppConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/client.ts'
import { applicationReviews, applications, events, profiles, users } from '#server/db/schema/index.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import type { Mailer } from '#server/mail/outbox.service.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { authorize, eventBySlug } from '#server/modules/shared/guards.ts'
import { auditable, lockApplication, publishChanges, type ApplicationRow } from './transitions.ts'

export interface CastingServiceDeps {
  db: Db
  queue: JobQueue
  mailer: Mailer
  bus: Bus
  config: Pick<AppConfig, 'appUrl' | 'timeZone'>
}

export const CASTING_SORT_FIELDS = ['NAME', 'SUBMITTED_AT', 'SCORE', 'STATUS', 'TYPE'] as const
export type CastingSortField = (typeof CASTING_SORT_FIELDS)[number]
export type SortDirection = 'ASC' | 'DESC'
/** The largest page the list hands out at once. */
export const MAX_PAGE_SIZE = 200
export const DEFAULT_PAGE_SIZE = 50
/** In a `parts` filter, this value stands for "no part assigned yet". */
export const NO_PART = ''

export interface CastingFilter {
  types?: readonly string[] | null
  parts?: readonly string[] | null
  statuses?: readonly ApplicationStatus[] | null
  minScore?: number | null
  maxScore?: number | null
  search?: string | null
}
export interface CastingSort {
  field: CastingSortField
  direction: SortDirection
}
export const DEFAULT_SORT: CastingSort = { field: 'SUBMITTED_AT', direction: 'ASC' }

/** One application as the casting list shows it (and the detail page's header). */
export interface CastingRow extends ApplicationRow {
  name: string
  preferredName: string | null
  pronouns: string | null
  voicePart: string | null
  averageScore: number | null
  reviewCount: number
}

export interface CastingCount {
  key: string
  count: number
}

export interface CastingPage {
  event: typeof events.$inferSelect
  totalCount: number
  nodes: CastingRow[]
  hasNextPage: boolean
  endCursor: string | null
  /** Counts for the filter chips: each facet counts with every other filter applied, not its own. */
  statusCounts: CastingCount[]
  typeCounts: CastingCount[]
  partCounts: CastingCount[]
}

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
  eventType: string
  startDate: Date
  applicationType: string
  status: ApplicationStatus
  part: string | null
}

interface Actor {
  actor: Viewer | null
  requestId?: string
}

export const MAX_NOTE_LENGTH = 5000

/** `%`, `_` and `\` match themselves in a search, not as LIKE wildcards. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** Page cursors are opaque strings over an offset (`o:<n>` in base64url). */
export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url')
}

/** An opaque cursor or a plain offset ("40"); BAD_REQUEST for anything else. */
export function decodeCursor(after: string | null | undefined): number {
  if (after === null || after === undefined || after === '') return 0
  if (/^\d{1,9}$/.test(after)) return Number(after)
  const decoded = Buffer.from(after, 'base64url').toString()
  const match = /^o:(\d{1,9})$/.exec(decoded)
  if (!match) throw new AppError('BAD_REQUEST', 'That page cursor is not valid.')
  return Number(match[1])
}

function checkFilter(filter: CastingFilter): void {
  for (const key of ['minScore', 'maxScore'] as const) {
    const v = filter[key]
    if (v !== null && v !== undefined && (!Number.isFinite(v) || v < 1 || v > 5)) {
      throw new AppError('VALIDATION', 'Scores run from 1 to 5.', {
        fields: [{ path: key, message: 'Scores run from 1 to 5.' }],
      })
    }
  }
  if ((filter.search?.length ?? 0) > 200) throw new AppError('VALIDATION', 'Search for fewer characters.')
  for (const status of filter.statuses ?? []) {
    if (!APPLICATION_STATUSES.includes(status)) throw new AppError('VALIDATION', `No status ${status}.`)
  }
}

/**
 * Applications, admin casting (PRODUCT.md §2 Parts and casting, §6 Casting): the filtered, sorted and
 * paginated list of an event's applications with each one's average review score (all in SQL, so the
 * page costs the same at 1,000 applications as at 10), the detail's reviews and history, each
 * reviewer's own score and note, and part assignment with a version check. Every entry point demands
 * `admin.general`.
 */
export function createCastingService(deps: CastingServiceDeps) {
  const { db, bus } = deps

  /** Per application of the event: its average score and number of reviews. */
  const scoresOf = (eventId: string) =>
    db
      .select({
        applicationId: applicationReviews.applicationId,
        averageScore: sql<number | null>`avg(${applicationReviews.score})::float8`.as('average_score'),
        reviewCount: sql<number>`count(*)::int`.as('review_count'),
      })
      .from(applicationReviews)
      .innerJoin(applications, eq(applications.id, applicationReviews.applicationId))
      .where(eq(applications.eventId, eventId))
      .groupBy(applicationReviews.applicationId)
      .as('scores')

  type Scores = ReturnType<typeof scoresOf>

  const rowColumns = (scores: Scores) => ({
    ...getTableColumns(applications),
    name: users.name,
    preferredName: profiles.preferredName,
    pronouns: profiles.pronouns,
    voicePart: profiles.voicePart,
    averageScore: scores.averageScore,
    reviewCount: sql<number>`coalesce(${scores.reviewCount}, 0)::int`,
  })

  /** Conditions of the filter; `omit` leaves one facet out (for that facet's chip counts). */
  function conditions(
    eventId: string,
    scores: Scores,
    filter: CastingFilter,
    omit?: 'types' | 'statuses' | 'parts',
  ): SQL | undefined {
    const list: (SQL | undefined)[] = [eq(applications.eventId, eventId)]
    if (omit !== 'types' && filter.types?.length)
      list.push(inArray(applications.applicationType, [...filter.types]))
    if (omit !== 'statuses' && filter.statuses?.length)
      list.push(inArray(applications.status, [...filter.statuses]))
    if (omit !== 'parts' && filter.parts?.length) {
      const named = filter.parts.filter((p) => p !== NO_PART)
      const parts: (SQL | undefined)[] = []
      if (named.length) parts.push(inArray(applications.part, named))
      if (filter.parts.includes(NO_PART)) parts.push(isNull(applications.part))
      list.push(or(...parts))
    }
    if (filter.minScore !== null && filter.minScore !== undefined)
      list.push(gte(scores.averageScore, filter.minScore))
    if (filter.maxScore !== null && filter.maxScore !== undefined)
      list.push(lte(scores.averageScore, filter.maxScore))
    const search = filter.search?.trim()
    if (search) {
      const pattern = `%${escapeLike(search)}%`
      list.push(or(ilike(users.name, pattern), ilike(profiles.preferredName, pattern)))
    }
    return and(...list)
  }

  const STATUS_ORDER = sql.raw(`array[${APPLICATION_STATUSES.map((s) => `'${s}'`).join(',')}]::text[]`)

  function ordering(scores: Scores, sort: CastingSort): SQL[] {
    const dir = sort.direction === 'DESC' ? desc : asc
    const byName = sql`lower(${users.name})`
    const tail = [asc(byName), asc(applications.id)]
    switch (sort.field) {
      case 'NAME':
        return [dir(byName), dir(applications.id)]
      case 'SUBMITTED_AT':
        return [dir(applications.submittedAt), ...tail]
      case 'SCORE':
        // Unscored applications last whichever way the scores run.
        return [
          sort.direction === 'DESC'
            ? sql`${scores.averageScore} desc nulls last`
            : sql`${scores.averageScore} asc nulls last`,
          ...tail,
        ]
      case 'STATUS':
        return [dir(sql`array_position(${STATUS_ORDER}, ${applications.status})`), ...tail]
      case 'TYPE':
        return [dir(applications.applicationType), ...tail]
    }
  }

  function base(scores: Scores) {
    return db
      .select(rowColumns(scores))
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .leftJoin(profiles, eq(profiles.userId, applications.userId))
      .leftJoin(scores, eq(scores.applicationId, applications.id))
  }

  async function rowById(id: string): Promise<CastingRow | undefined> {
    const [app] = await db
      .select({ eventId: applications.eventId })
      .from(applications)
      .where(eq(applications.id, id))
    if (!app) return undefined
    const scores = scoresOf(app.eventId)
    const [row] = await base(scores).where(eq(applications.id, id))
    return row
  }

  return {
    /** One page of an event's applications under a filter and sort, with totals and chip counts. */
    async list(
      { actor }: Actor,
      input: {
        eventSlug: string
        filter?: CastingFilter | null
        sort?: CastingSort | null
        first?: number | null
        after?: string | null
      },
    ): Promise<CastingPage> {
      authorize(actor, 'admin.general')
      const filter = input.filter ?? {}
      checkFilter(filter)
      const sort = input.sort ?? DEFAULT_SORT
      const first = Math.min(Math.max(input.first ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE)
      const offset = decodeCursor(input.after)
      const event = await eventBySlug(db, input.eventSlug)
      const scores = scoresOf(event.id)

      // One page (one row more than asked, to know whether there is a next page)…
      const pageQuery = base(scores)
        .where(conditions(event.id, scores, filter))
        .orderBy(...ordering(scores, sort))
        .limit(first + 1)
        .offset(offset)
      // …and one grouped count over the filter without its facets, from which the total and every
      // chip's count follow.
      const countQuery = db
        .select({
          status: applications.status,
          applicationType: applications.applicationType,
          part: applications.part,
          count: sql<number>`count(*)::int`,
        })
        .from(applications)
        .innerJoin(users, eq(users.id, applications.userId))
        .leftJoin(profiles, eq(profiles.userId, applications.userId))
        .leftJoin(scores, eq(scores.applicationId, applications.id))
        .where(conditions(event.id, scores, { ...filter, types: null, statuses: null, parts: null }))
        .groupBy(applications.status, applications.applicationType, applications.part)
      const [rows, groups] = await Promise.all([pageQuery, countQuery])

      const inTypes = (t: string) => !filter.types?.length || filter.types.includes(t)
      const inStatuses = (s: ApplicationStatus) => !filter.statuses?.length || filter.statuses.includes(s)
      const inParts = (p: string | null) => !filter.parts?.length || filter.parts.includes(p ?? NO_PART)
      const tally = (
        key: (g: (typeof groups)[number]) => string | null,
        keep: (g: (typeof groups)[number]) => boolean,
      ) => {
        const counts = new Map<string, number>()
        for (const g of groups) {
          if (!keep(g)) continue
          const k = key(g) ?? NO_PART
          counts.set(k, (counts.get(k) ?? 0) + g.count)
        }
        return [...counts].map(([k, count]) => ({ key: k, count })).sort((a, b) => a.key.localeCompare(b.key))
      }
      const totalCount = groups
        .filter((g) => inTypes(g.applicationType) && inStatuses(g.status) && inParts(g.part))
        .reduce((sum, g) => sum + g.count, 0)
      const statusCounts = tally(
        (g) => g.status,
        (g) => inTypes(g.applicationType) && inParts(g.part),
      ).sort(
        (a, b) =>
          APPLICATION_STATUSES.indexOf(a.key as ApplicationStatus) -
          APPLICATION_STATUSES.indexOf(b.key as ApplicationStatus),
      )
      const hasNextPage = rows.length > first
      const nodes = rows.slice(0, first)
      return {
        event,
        totalCount,
        nodes,
        hasNextPage,
        endCursor: nodes.length ? encodeCursor(offset + nodes.length) : null,
        statusCounts,
        typeCounts: tally(
          (g) => g.applicationType,
          (g) => inStatuses(g.status) && inParts(g.part),
        ),
        partCounts: tally(
          (g) => g.part,
          (g) => inTypes(g.applicationType) && inStatuses(g.status),
        ),
      }
    },

    /** One application of an event by its slug, as the casting detail shows it. */
    async get({ actor }: Actor, eventSlug: string, slug: string): Promise<CastingRow> {
      authorize(actor, 'admin.general')
      const event = await eventBySlug(db, eventSlug)
      const scores = scoresOf(event.id)
      const [row] = await base(scores).where(
        and(eq(applications.eventId, event.id), eq(applications.slug, slug)),
      )
      if (!row) throw new AppError('NOT_FOUND', 'No such application.')
      return row
    },

    /** One application by id (for live refreshes); undefined when it is gone. */
    async byId({ actor }: Actor, id: string): Promise<CastingRow | undefined> {
      authorize(actor, 'admin.general')
      return rowById(id)
    },

    /** The slugs before and after `slug` in the list's current filter and sort (null at the ends). */
    async neighbours(
      { actor }: Actor,
      input: { eventSlug: string; slug: string; filter?: CastingFilter | null; sort?: CastingSort | null },
    ): Promise<{
      previous: string | null
      next: string | null
      position: number | null
      totalCount: number
    }> {
      authorize(actor, 'admin.general')
      const filter = input.filter ?? {}
      checkFilter(filter)
      const event = await eventBySlug(db, input.eventSlug)
      const scores = scoresOf(event.id)
      const order = ordering(scores, input.sort ?? DEFAULT_SORT)
      const over = sql`over (order by ${sql.join(order, sql`, `)})`
      const ranked = db
        .select({
          slug: sql<string>`${applications.slug}`.as('slug'),
          previous: sql<string | null>`lag(${applications.slug}) ${over}`.as('previous'),
          next: sql<string | null>`lead(${applications.slug}) ${over}`.as('next'),
          position: sql<number>`(row_number() ${over})::int`.as('position'),
          total: sql<number>`(count(*) over ())::int`.as('total'),
        })
        .from(applications)
        .innerJoin(users, eq(users.id, applications.userId))
        .leftJoin(profiles, eq(profiles.userId, applications.userId))
        .leftJoin(scores, eq(scores.applicationId, applications.id))
        .where(conditions(event.id, scores, filter))
        .as('ranked')
      const [row] = await db.select().from(ranked).where(eq(ranked.slug, input.slug))
      if (!row) return { previous: null, next: null, position: null, totalCount: 0 }
      return { previous: row.previous, next: row.next, position: row.position, totalCount: row.total }
    },

    /** Every reviewer's score and note on an application, newest first. */
    async reviews({ actor }: Actor, applicationIds: readonly string[]): Promise<Review[][]> {
      authorize(actor, 'admin.general')
      const rows = await db
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
        .where(inArray(applicationReviews.applicationId, [...applicationIds]))
        .orderBy(desc(applicationReviews.updatedAt))
      return applicationIds.map((id) => rows.filter((r) => r.applicationId === id))
    },

    /** The member's CONFIRMED or PAID applications to other events, most recent event first. */
    async pastParticipation(
      { actor }: Actor,
      application: Pick<ApplicationRow, 'userId' | 'eventId'>,
    ): Promise<PastParticipation[]> {
      authorize(actor, 'admin.general')
      return db
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
    },

    /** The member's other applications to the same event (other types). */
    async otherApplications(
      { actor }: Actor,
      application: Pick<ApplicationRow, 'id' | 'userId' | 'eventId'>,
    ): Promise<CastingRow[]> {
      authorize(actor, 'admin.general')
      const scores = scoresOf(application.eventId)
      return base(scores)
        .where(
          and(
            eq(applications.eventId, application.eventId),
            eq(applications.userId, application.userId),
            ne(applications.id, application.id),
          ),
        )
        .orderBy(asc(applications.applicationType))
    },

    /** Save the viewer's own score (1–5 or none) and note on an application; audited. */
    async saveReview(
      { actor, requestId }: Actor,
      input: { applicationId: string; score: number | null; note: string },
    ): Promise<Review> {
      const viewer = authorize(actor, 'admin.general')
      if (input.score !== null && (!Number.isInteger(input.score) || input.score < 1 || input.score > 5)) {
        throw new AppError('VALIDATION', 'A score is a whole number from 1 to 5.', {
          fields: [{ path: 'score', message: 'A score is a whole number from 1 to 5.' }],
        })
      }
      const note = input.note.trim()
      if (note.length > MAX_NOTE_LENGTH) {
        throw new AppError('VALIDATION', `Keep the note under ${MAX_NOTE_LENGTH} characters.`, {
          fields: [{ path: 'note', message: `Keep the note under ${MAX_NOTE_LENGTH} characters.` }],
        })
      }
      const { review, row } = await db.transaction(async (tx) => {
        const row = await lockApplication(tx, input.applicationId)
        const [before] = await tx
          .select()
          .from(applicationReviews)
          .where(
            and(eq(applicationReviews.applicationId, row.id), eq(applicationReviews.reviewerId, viewer.id)),
          )
        const now = new Date()
        const [saved] = await tx
          .insert(applicationReviews)
          .values({ applicationId: row.id, reviewerId: viewer.id, score: input.score, note, updatedAt: now })
          .onConflictDoUpdate({
            target: [applicationReviews.applicationId, applicationReviews.reviewerId],
            set: { score: input.score, note, updatedAt: now },
          })
          .returning()
        await recordAudit(tx, {
          actorId: viewer.id,
          action: 'application.review',
          entityType: 'application',
          entityId: row.id,
          before: before ? { score: before.score, note: before.note } : null,
          after: { score: saved!.score, note: saved!.note },
          requestId: requestId ?? null,
        })
        return { review: saved!, row }
      })
      // NOTE: a review does not change the application's version (it is not an edit of the
      // application), but other admins' lists still want the new average: publish the row as it is.
      await publishChanges(bus, [row])
      return { ...review, reviewerName: viewer.name }
    },

    /**
     * Assign a part (one of the event's parts, or none) to an application. `expectedVersion` is the
     * version the admin's screen showed: a newer one means someone else changed it first: CONFLICT.
     */
    async assignPart(
      { actor, requestId }: Actor,
      input: { applicationId: string; part: string | null; expectedVersion: number },
    ): Promise<CastingRow> {
      const viewer = authorize(actor, 'admin.general')
      const part = input.part === null || input.part.trim() === '' ? null : input.part.trim()
      const after = await db.transaction(async (tx) => {
        const before = await lockApplication(tx, input.applicationId)
        const [event] = await tx.select().from(events).where(eq(events.id, before.eventId))
        const parts = event?.eventConfig.parts ?? []
        if (part !== null && !parts.includes(part)) {
          throw new AppError('VALIDATION', `“${part}” is not one of this event's parts.`, {
            fields: [{ path: 'part', message: 'Choose one of the event’s parts.' }],
          })
        }
        if (before.version !== input.expectedVersion) {
          throw new AppError(
            'CONFLICT',
            'Someone else changed this application meanwhile. Reload to see their change.',
          )
        }
        const [updated] = await tx
          .update(applications)
          .set({ part, version: before.version + 1, updatedAt: new Date() })
          .where(and(eq(applications.id, before.id), eq(applications.version, before.version)))
          .returning()
        if (!updated) throw new AppError('CONFLICT', 'Someone else changed this application meanwhile.')
        await recordAudit(tx, {
          actorId: viewer.id,
          action: 'application.assign-part',
          entityType: 'application',
          entityId: before.id,
          before: auditable(before),
          after: auditable(updated),
          requestId: requestId ?? null,
        })
        return updated
      })
      await publishChanges(bus, [after])
      const row = await rowById(after.id)
      if (!row) throw new AppError('NOT_FOUND', 'No such application.')
      return row
    },

    /** The event's id for a slug (subscriptions filter on it); NOT_FOUND when there is none. */
    async eventId({ actor }: Actor, eventSlug: string): Promise<string> {
      authorize(actor, 'admin.general')
      return (await eventBySlug(db, eventSlug)).id
    },

    /** Events with their application counts, those with applications first (the casting picker). */
    async events({ actor }: Actor) {
      authorize(actor, 'admin.general')
      const counts = db
        .select({
          eventId: applications.eventId,
          count: sql<number>`count(*)::int`.as('application_count'),
        })
        .from(applications)
        .groupBy(applications.eventId)
        .as('counts')
      const rows = await db
        .select({
          id: events.id,
          slug: events.slug,
          title: events.title,
          type: events.type,
          startDate: events.startDate,
          archivedAt: events.archivedAt,
          applicationCount: sql<number>`coalesce(${counts.count}, 0)::int`,
        })
        .from(events)
        .leftJoin(counts, eq(counts.eventId, events.id))
        .where(isNull(events.archivedAt))
        .orderBy(sql`coalesce(${counts.count}, 0) = 0`, asc(events.startDate))
      return rows
    },
  }
}
export type CastingService = ReturnType<typeof createCastingService>
