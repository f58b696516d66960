import { asc, eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { boxOfficeNotes, boxOfficeSells } from '#core/tickets/box-office.ts'
import { ticketsLeft } from '#core/tickets/tickets.ts'
import type { RequestContext } from '#server/context.ts'
import { ticketSales, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'

export interface BoxOfficeTypeView {
  id: string
  name: string
  pricePence: number
  /** What is left of it now (its quota and the event's capacity; held checkouts count as taken). */
  left: number
  /** Whether the box office sells it (core's boxOfficeSells: not a ballot type). */
  sellable: boolean
  /** What staff should know before selling it: "Online sale closed", "Members only: check at the door". */
  notes: string[]
}

export interface BoxOfficeView {
  eventSlug: string
  capacityLeft: number
  types: BoxOfficeTypeView[]
}

/** What the box office panel offers (ticketAdmin and above): every type of the event, in order. */
export async function boxOfficeOf(ctx: RequestContext, eventSlug: string): Promise<BoxOfficeView> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const db = ctx.services.db
  const event = await findVisibleEvent(ctx, eventSlug)
  const [sale] = await db.select().from(ticketSales).where(eq(ticketSales.eventId, event.id))
  if (!sale) throw new AppError('NOT_FOUND', 'This event has no tickets set up.')
  const types = await db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, event.id))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.name))
  const capacityLeft = Math.max(0, sale.capacity - sale.taken)
  const now = ctx.now()
  return {
    eventSlug: event.slug,
    capacityLeft,
    types: types.map((t) => ({
      id: t.id,
      name: t.name,
      pricePence: t.pricePence,
      left: ticketsLeft(t, capacityLeft),
      sellable: boxOfficeSells(t),
      notes: boxOfficeNotes(t, now),
    })),
  }
}
