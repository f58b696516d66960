import { eq, sql } from 'drizzle-orm'
import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'
import type { RequestContext } from '#server/context.ts'
import { applications, profiles, users, type events } from '#server/db/schema/index.ts'
import { DEFAULT_PAGE_SIZE, MAX_LONG_PAGE_SIZE, pageSize } from '#server/graphql/limits.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import {
  checkFilter,
  decodeCursor,
  DEFAULT_SORT,
  encodeCursor,
  NO_PART,
  type CastingFilter,
  type CastingSort,
} from './casting-filter.ts'
import { castingRows, conditions, ordering, scoresOf, type CastingRow } from './casting-sql.ts'

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

export interface CastingListInput {
  eventSlug: string
  filter?: CastingFilter | null
  sort?: CastingSort | null
  /** Page size, at most MAX_LONG_PAGE_SIZE (default DEFAULT_PAGE_SIZE). */
  first?: number | null
  after?: string | null
}

/**
 * One page of an event's applications under a filter and sort, with each one's average review
 * score, the total and the filter chips' counts (admins; PRODUCT.md §6 Casting).
 */
export async function listCastingApplications(
  ctx: RequestContext,
  input: CastingListInput,
): Promise<CastingPage> {
  authorize(ctx.actor, 'admin.general')
  const { db } = ctx.services
  const filter = input.filter ?? {}
  checkFilter(filter)
  const sort = input.sort ?? DEFAULT_SORT
  const first = pageSize(input.first, { fallback: DEFAULT_PAGE_SIZE, max: MAX_LONG_PAGE_SIZE })
  const offset = decodeCursor(input.after)
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const scores = scoresOf(db, event.id)

  // One page (one row more than asked, to know whether there is a next page)…
  const pageQuery = castingRows(db, scores)
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

  type Group = (typeof groups)[number]
  const inTypes = (t: string) => !filter.types?.length || filter.types.includes(t)
  const inStatuses = (s: ApplicationStatus) => !filter.statuses?.length || filter.statuses.includes(s)
  const inParts = (p: string | null) => !filter.parts?.length || filter.parts.includes(p ?? NO_PART)
  const tally = (key: (g: Group) => string | null, keep: (g: Group) => boolean) => {
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
}
