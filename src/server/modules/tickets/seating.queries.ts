import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { seatText, type Seating } from '#core/tickets/seating.ts'
import type { TicketStatus } from '#core/tickets/tickets.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  ballotGroups,
  ballotRequests,
  ticketOrders,
  tickets,
  ticketSales,
  ticketTypes,
} from '#server/db/schema/index.ts'

export interface SeatedTicketView {
  id: string
  attendeeName: string
  /** Who holds it: the transferee, else the order's buyer. */
  holderEmail: string
  status: TicketStatus
  typeName: string
  orderId: string
  orderReference: string
  buyerName: string
  groupId: string | null
  groupName: string | null
  /** The label as stored ("3", "A12"), null when unassigned. */
  seat: string | null
  /** As the ticket shows it: "Table 3", "Seat A12". */
  seatText: string | null
  /** Seating order: the ballot draw position first, then the order's time. */
  rank: number
}

/**
 * The event's seating and sale row, locked FOR UPDATE with `tx` so seat changes of one event queue
 * (two admins cannot give the same seat at once). NOT_FOUND without a ticket sale.
 */
export async function eventSeating(db: Db | Tx, eventId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(ticketSales).where(eq(ticketSales.eventId, eventId))
  const [sale] = options.lock ? await query.for('update') : await query
  if (!sale) throw new AppError('NOT_FOUND', 'This event has no ticket sale.')
  return { mode: sale.seating, tableSize: sale.tableSize } satisfies Seating
}

/** Every live (valid or checked-in) ticket of an event with its order, type and ballot group, in seating order. */
export async function liveSeating(
  db: Db | Tx,
  eventId: string,
  seating: Seating,
): Promise<SeatedTicketView[]> {
  const rows = await db
    .select({
      ticket: tickets,
      order: ticketOrders,
      typeName: ticketTypes.name,
      groupId: ballotGroups.id,
      groupName: ballotGroups.name,
      drawPosition: sql<number | null>`min(${ballotRequests.drawPosition})`,
    })
    .from(tickets)
    .innerJoin(ticketOrders, eq(ticketOrders.id, tickets.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .leftJoin(ballotRequests, eq(ballotRequests.orderId, tickets.orderId))
    .leftJoin(ballotGroups, eq(ballotGroups.id, ballotRequests.groupId))
    .where(and(eq(tickets.eventId, eventId), inArray(tickets.status, ['VALID', 'CHECKED_IN'])))
    .groupBy(tickets.id, ticketOrders.id, ticketTypes.name, ballotGroups.id, ballotGroups.name)
    .orderBy(
      sql`min(${ballotRequests.drawPosition}) asc nulls last`,
      asc(ticketOrders.createdAt),
      asc(ticketOrders.id),
      asc(tickets.attendeeName),
      asc(tickets.id),
    )
  return rows.map((r, rank) => ({
    id: r.ticket.id,
    attendeeName: r.ticket.attendeeName,
    holderEmail: r.ticket.holderEmail ?? r.order.email,
    status: r.ticket.status,
    typeName: r.typeName,
    orderId: r.order.id,
    orderReference: r.order.reference,
    buyerName: r.order.buyerName,
    groupId: r.groupId,
    groupName: r.groupName,
    seat: r.ticket.seat,
    seatText: seatText(seating, r.ticket.seat),
    rank,
  }))
}
