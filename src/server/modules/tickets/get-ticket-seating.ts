import type { Seating } from '#core/tickets/seating.ts'
import type { RequestContext } from '#server/context.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { eventSeating, liveSeating, type SeatedTicketView } from './seating.queries.ts'

export interface TicketSeatingView extends Seating {
  eventSlug: string
  tickets: SeatedTicketView[]
}

/** The Seating panel (superAdmin, ticketAdmin): how the event is seated and every live ticket's seat. */
export async function getTicketSeating(
  ctx: RequestContext,
  input: { eventSlug: string },
): Promise<TicketSeatingView> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const db = ctx.services.db
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const seating = await eventSeating(db, event.id)
  return { eventSlug: event.slug, ...seating, tickets: await liveSeating(db, event.id, seating) }
}
