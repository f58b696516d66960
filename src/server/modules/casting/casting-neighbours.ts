import { eq, sql } from 'drizzle-orm'
import type { RequestContext } from '#server/context.ts'
import { applications, profiles, users } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { checkFilter, DEFAULT_SORT, type CastingFilter, type CastingSort } from './casting-filter.ts'
import { conditions, ordering, scoresOf } from './casting-sql.ts'

export interface CastingNeighbours {
  previous: string | null
  next: string | null
  /** 1-based; null when the application is filtered out. */
  position: number | null
  totalCount: number
}

/** The slugs before and after `slug` in the list's current filter and sort (null at the ends; admins). */
export async function castingNeighbours(
  ctx: RequestContext,
  input: { eventSlug: string; slug: string; filter?: CastingFilter | null; sort?: CastingSort | null },
): Promise<CastingNeighbours> {
  authorize(ctx.actor, 'admin.general')
  const { db } = ctx.services
  const filter = input.filter ?? {}
  checkFilter(filter)
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const scores = scoresOf(db, event.id)
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
}
