import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { ApplicationStatus } from '#core/applications/status.ts'
import { NAV_STATUSES } from '#core/navigation/member-nav.ts'
import type { RequestContext } from '#server/context.ts'
import { applications, calendarFeeds, events } from '#server/db/schema/index.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import type { EventRow } from './find-visible-event.ts'

/** Feeds reach back 90 days: public events from then on, and as much of a member's history. */
const HISTORY_MS = 90 * 86_400_000

/** The secret URL of a member's feed. */
export function calendarFeedUrl(ctx: RequestContext, token: string): string {
  return `${ctx.services.config.appUrl}/api/calendar/member/${token}.ics`
}

/** The signed-in member's own feed URL, or null until they make one. */
export async function myCalendarFeedUrl(ctx: RequestContext): Promise<string | null> {
  const actor = authenticate(ctx.actor)
  const [feed] = await ctx.services.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, actor.id))
  return feed ? calendarFeedUrl(ctx, feed.token) : null
}

/** Every public event, newest first, from 90 days ago on: the public feed. */
export function publicCalendarEvents(ctx: RequestContext): Promise<EventRow[]> {
  const since = new Date(ctx.now().getTime() - HISTORY_MS)
  return ctx.services.db
    .select()
    .from(events)
    .where(and(eq(events.visibility, 'public'), isNull(events.archivedAt), gt(events.endDate, since)))
    .orderBy(desc(events.startDate))
}

/** One of a member's events in their feed, with the statuses of their applications to it. */
export interface MemberCalendarEntry {
  event: EventRow
  statuses: ApplicationStatus[]
}

/**
 * The events of the member whose feed `token` is (the ones they take part in, from 90 days ago on),
 * each with their applications' statuses (which decide whether its rehearsals are theirs too);
 * null when no feed has that token (made up, or renewed since).
 */
export async function memberCalendarEvents(
  ctx: RequestContext,
  token: string,
): Promise<MemberCalendarEntry[] | null> {
  const { db } = ctx.services
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token))
  if (!feed) return null
  const since = new Date(ctx.now().getTime() - HISTORY_MS)
  const mine = await db
    .select({ event: events, status: applications.status })
    .from(applications)
    .innerJoin(events, eq(applications.eventId, events.id))
    .where(
      and(
        eq(applications.userId, feed.userId),
        inArray(applications.status, [...NAV_STATUSES]),
        isNull(events.archivedAt),
        gt(events.endDate, since),
      ),
    )
  const byEvent = new Map<string, MemberCalendarEntry>()
  for (const { event, status } of mine) {
    const entry = byEvent.get(event.id) ?? { event, statuses: [] }
    entry.statuses.push(status)
    byEvent.set(event.id, entry)
  }
  return [...byEvent.values()]
}
