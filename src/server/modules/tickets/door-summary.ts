import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm'
import { collectAtDoor } from '#core/tickets/door.ts'
import type { TicketStatus } from '#core/tickets/tickets.ts'
import type { RequestContext } from '#server/context.ts'
import { ticketOrders, ticketPayments, tickets, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { doorCountOf } from './door-count.ts'

export interface DoorMatch {
  ticketId: string
  attendeeName: string
  buyerName: string
  typeName: string
  status: TicketStatus
  checkedInAt: Date | null
  collectPence: number
}

export interface DoorSummary {
  eventSlug: string
  eventTitle: string
  /** Tickets checked in. */
  checkedIn: number
  /** Live tickets (valid or checked in). */
  total: number
  /** Tickets whose holder or buyer matches the searched name (at most 20). */
  matches: DoorMatch[]
}

/** Most names one door search lists. */
const MAX_MATCHES = 20

/**
 * The door's header (ticketAdmin and above): the event, how many are in of how many, and a search
 * by name for someone without their phone (the attendee's name or the buyer's).
 */
export async function doorSummary(
  ctx: RequestContext,
  input: { eventSlug: string; name?: string | null },
): Promise<DoorSummary> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const db = ctx.services.db
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const live = and(eq(tickets.eventId, event.id), inArray(tickets.status, ['VALID', 'CHECKED_IN']))
  const count = await doorCountOf(db, event)
  const name = (input.name ?? '').trim().slice(0, 80)
  const pattern = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const rows =
    name.length >= 2
      ? await db
          .select({
            ticket: tickets,
            buyerName: ticketOrders.buyerName,
            typeName: ticketTypes.name,
            pricePence: ticketTypes.pricePence,
            orderOwed: sql<number>`greatest(0, ${ticketOrders.amountPence} - coalesce((select sum(${ticketPayments.amountPence}) from ${ticketPayments} where ${ticketPayments.orderId} = ${ticketOrders.id}), 0))::int`,
          })
          .from(tickets)
          .innerJoin(ticketOrders, eq(ticketOrders.id, tickets.orderId))
          .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
          .where(
            and(
              live,
              sql`(${ilike(tickets.attendeeName, pattern)} or ${ilike(ticketOrders.buyerName, pattern)})`,
            ),
          )
          .orderBy(asc(tickets.attendeeName))
          .limit(MAX_MATCHES)
      : []
  return {
    eventSlug: event.slug,
    eventTitle: event.title,
    checkedIn: count.checkedIn,
    total: count.total,
    matches: rows.map((r) => ({
      ticketId: r.ticket.id,
      attendeeName: r.ticket.attendeeName,
      buyerName: r.buyerName,
      typeName: r.typeName,
      status: r.ticket.status,
      checkedInAt: r.ticket.checkedInAt,
      collectPence: r.ticket.status === 'VALID' ? collectAtDoor(r.pricePence, Number(r.orderOwed)) : 0,
    })),
  }
}
