import { and, eq, inArray, sql } from 'drizzle-orm'
import type { AfterCommit, RequestContext } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { tickets } from '#server/db/schema/index.ts'
import type { DoorCountChanged } from '#server/realtime/topics.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'

/** "In: 84 of 200": tickets checked in, of the event's live tickets (valid or checked in). */
export interface DoorCount {
  eventSlug: string
  checkedIn: number
  total: number
}

/** The event's door count now, one indexed count (tickets_event_status_idx). */
export async function doorCountOf(db: Db | Tx, event: { id: string; slug: string }): Promise<DoorCount> {
  const [count] = await db
    .select({
      total: sql<number>`count(*)::int`,
      checkedIn: sql<number>`count(*) filter (where ${tickets.status} = 'CHECKED_IN')::int`,
    })
    .from(tickets)
    .where(and(eq(tickets.eventId, event.id), inArray(tickets.status, ['VALID', 'CHECKED_IN'])))
  return { eventSlug: event.slug, checkedIn: Number(count?.checkedIn ?? 0), total: Number(count?.total ?? 0) }
}

/**
 * Tell the event's open doors that its count moved (a check-in, a box-office sale), once the change
 * has committed. A failed publish never fails the committed change: the doors' count catches up at
 * the next change or their next scan.
 */
export function publishDoorCount(ctx: RequestContext, afterCommit: AfterCommit, eventId: string): void {
  const change: DoorCountChanged = { eventId }
  afterCommit(() => ctx.services.bus.publish('DOOR_COUNT_CHANGED', change).catch(() => undefined))
}

/**
 * The live count for the door page (ticketAdmin and above, as the door itself): the count now, then
 * the count again each time the event's count moves on any process. Checked when the subscription
 * starts; a role taken away closes the socket (realtime/user-sockets.ts), so it ends there.
 */
export async function* doorCountChanges(
  ctx: RequestContext,
  eventSlug: string,
  changes: () => Promise<AsyncIterable<DoorCountChanged>>,
): AsyncGenerator<DoorCount> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const event = await findVisibleEvent(ctx, eventSlug)
  // Subscribed before the first count, so a check-in between the two is heard, not lost.
  const source = await changes()
  yield await doorCountOf(ctx.services.db, event)
  for await (const change of source) {
    if (change.eventId === event.id) yield await doorCountOf(ctx.services.db, event)
  }
}
