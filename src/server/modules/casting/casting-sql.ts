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
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { APPLICATION_STATUSES } from '#core/applications/status.ts'
import type { Db } from '#server/db/client.ts'
import { applicationReviews, applications, profiles, users } from '#server/db/schema/index.ts'
import type { ApplicationRow } from '#server/modules/applications/update-application.ts'
import { escapeLike, NO_PART, type CastingFilter, type CastingSort } from './casting-filter.ts'

// The SQL the casting list, its neighbours and its rows share: every filter, sort and average score
// runs in the database, so a page costs the same at 1,000 applications as at 10.

/** One application as the casting list shows it (and the detail page's header). */
export interface CastingRow extends ApplicationRow {
  name: string
  preferredName: string | null
  pronouns: string | null
  voicePart: string | null
  averageScore: number | null
  reviewCount: number
}

/** Per application of the event: its average score and number of reviews. */
export const scoresOf = (db: Db, eventId: string) =>
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

export type Scores = ReturnType<typeof scoresOf>

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
export function conditions(
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

/** The ORDER BY of a sort; ties broken by name, then id, so pages never overlap. */
export function ordering(scores: Scores, sort: CastingSort): SQL[] {
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

/** Applications joined with their applicant and scores, ready for a WHERE. */
export function castingRows(db: Db, scores: Scores) {
  return db
    .select(rowColumns(scores))
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(profiles, eq(profiles.userId, applications.userId))
    .leftJoin(scores, eq(scores.applicationId, applications.id))
}

/** One application by id as the casting list shows it; undefined when it is gone. */
export async function castingRowById(db: Db, id: string): Promise<CastingRow | undefined> {
  const [app] = await db
    .select({ eventId: applications.eventId })
    .from(applications)
    .where(eq(applications.id, id))
  if (!app) return undefined
  const scores = scoresOf(db, app.eventId)
  const [row] = await castingRows(db, scores).where(eq(applications.id, id))
  return row
}
