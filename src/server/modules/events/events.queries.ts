import { and, asc, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm'
import { visibleVisibilities } from '#core/events/policies.ts'
import type { RequestContext } from '#server/context.ts'
import { events } from '#server/db/schema/index.ts'
import { pageSize } from '#server/graphql/limits.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { eventNotFound, findEventBySlug, type EventRow } from './find-visible-event.ts'

/** Events by id, in the order asked (an Error where there is none): the `Event` loader's batch. */
export async function loadEvents(ctx: RequestContext, ids: readonly string[]): Promise<(EventRow | Error)[]> {
  const rows = await ctx.services.db
    .select()
    .from(events)
    .where(inArray(events.id, [...ids]))
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.map((id) => byId.get(id) ?? new Error(`event ${id} not found`))
}

/**
 * Events the actor may see, earliest first, archived ones left out: public ones for everyone,
 * members-only when signed in, drafts for staff.
 */
export function listVisibleEvents(
  ctx: RequestContext,
  { limit }: { limit?: number | null },
): Promise<EventRow[]> {
  return ctx.services.db
    .select()
    .from(events)
    .where(and(inArray(events.visibility, visibleVisibilities(ctx.actor)), isNull(events.archivedAt)))
    .orderBy(asc(events.startDate))
    .limit(pageSize(limit))
}

/** Public, upcoming, not archived: the listings, for anyone. */
export function listListings(ctx: RequestContext): Promise<EventRow[]> {
  return ctx.services.db
    .select()
    .from(events)
    .where(and(eq(events.visibility, 'public'), isNull(events.archivedAt), gt(events.endDate, ctx.now())))
    .orderBy(asc(events.startDate))
}

/** The public listing a slug names (old slugs followed), or null: what a link preview may show. */
export async function findPublicListing(ctx: RequestContext, slug: string): Promise<EventRow | null> {
  const event = await findEventBySlug(ctx.services.db, slug)
  return event && event.visibility === 'public' && !event.archivedAt ? event : null
}

/** Every event, newest first, archived ones only when asked (admins). */
export function listAdminEvents(
  ctx: RequestContext,
  { includeArchived }: { includeArchived: boolean },
): Promise<EventRow[]> {
  authorize(ctx.actor, 'admin.general')
  return ctx.services.db
    .select()
    .from(events)
    .where(includeArchived ? undefined : isNull(events.archivedAt))
    .orderBy(desc(events.startDate))
}

/** One event as staff edit it, by slug (old slugs followed), drafts and archived ones included. */
export async function findAdminEvent(ctx: RequestContext, slug: string): Promise<EventRow> {
  authorize(ctx.actor, 'admin.general')
  const event = await findEventBySlug(ctx.services.db, slug)
  if (!event) throw eventNotFound(slug)
  return event
}

/** Shows with a name to reveal, soonest reveal first (the show-reveals page). */
export function listShowReveals(ctx: RequestContext): Promise<EventRow[]> {
  authorize(ctx.actor, 'admin.showReveals')
  return ctx.services.db
    .select()
    .from(events)
    .where(and(isNull(events.archivedAt), ne(events.showName, '')))
    .orderBy(asc(events.revealAt))
}
