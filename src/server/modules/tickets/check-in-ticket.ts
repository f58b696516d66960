import { and, eq, inArray, sql } from 'drizzle-orm'
import { seatText } from '#core/tickets/seating.ts'
import { collectAtDoor, scanVerdict, type ScanResult } from '#core/tickets/door.ts'
import { TICKET_CODE } from '#core/tickets/tickets.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { ticketOrders, ticketPayments, tickets, ticketSales, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent, type EventRow } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { publishDoorCount } from './door-count.ts'

type TicketRow = typeof tickets.$inferSelect

/** A ticket at the door: by its scanned or typed code, or picked from a search by name. */
export interface DoorTicketKey {
  code?: string | null
  ticketId?: string | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
type OrderRow = typeof ticketOrders.$inferSelect

/** A scanned ticket as the door reads it: the ticket, its order (locked), and what to collect. */
export interface DoorRead {
  ticket: TicketRow
  order: OrderRow
  orderOwedPence: number
  collectPence: number
  who: { attendeeName: string; typeName: string; seat: string | null }
}

/**
 * Read a scanned code at `event`'s door inside `tx`, the order locked (so a payment and a scan of
 * another of its tickets queue): a refusal's ScanResult, or the ticket with what it owes.
 */
export async function readAtDoor(
  tx: Tx,
  event: EventRow,
  scanned: DoorTicketKey,
): Promise<{ refused: ScanResult } | { read: DoorRead }> {
  const code = (scanned.code ?? '').trim()
  const byId = scanned.ticketId && UUID.test(scanned.ticketId) ? scanned.ticketId : null
  if (!byId && !TICKET_CODE.test(code)) return { refused: { kind: 'UNKNOWN' } }
  const [found] = await tx
    .select({ ticket: tickets, order: ticketOrders, type: ticketTypes })
    .from(tickets)
    .innerJoin(ticketOrders, eq(ticketOrders.id, tickets.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(byId ? eq(tickets.id, byId) : eq(tickets.code, code))
    .for('update', { of: [ticketOrders] })
  const [paid] = found
    ? await tx
        .select({ n: sql<number>`coalesce(sum(${ticketPayments.amountPence}), 0)::int` })
        .from(ticketPayments)
        .where(eq(ticketPayments.orderId, found.order.id))
    : []
  const orderOwedPence = found ? Math.max(0, found.order.amountPence - Number(paid?.n ?? 0)) : 0
  const collectPence = found ? collectAtDoor(found.type.pricePence, orderOwedPence) : 0
  const verdict = scanVerdict(found?.ticket, event.id, collectPence)
  if (verdict === 'ALREADY_USED') return { refused: { kind: 'ALREADY_USED', at: found!.ticket.checkedInAt! } }
  if (verdict === 'UNKNOWN' || verdict === 'WRONG_EVENT') return { refused: { kind: verdict } }
  const [sale] = await tx.select().from(ticketSales).where(eq(ticketSales.eventId, event.id))
  const { ticket, order, type } = found!
  return {
    read: {
      ticket,
      order,
      orderOwedPence,
      collectPence,
      who: {
        attendeeName: ticket.attendeeName,
        typeName: type.name,
        seat: seatText({ mode: sale?.seating ?? 'SEATS' }, ticket.seat),
      },
    },
  }
}

/**
 * Mark a read ticket checked in, conditional on it still being VALID (two doors scanning at once
 * check it in once: the second sees ALREADY_USED with the first one's time). Audited.
 */
export async function admitAtDoor(
  ctx: RequestContext,
  tx: Tx,
  read: DoorRead,
  viewerId: string,
  at?: Date,
): Promise<ScanResult | null> {
  // An offline scan synced later keeps the time it was let in at the door.
  const now = at && at.getTime() <= ctx.now().getTime() ? at : ctx.now()
  const [done] = await tx
    .update(tickets)
    .set({ status: 'CHECKED_IN', checkedInAt: now, checkedInBy: viewerId })
    .where(and(eq(tickets.id, read.ticket.id), inArray(tickets.status, ['VALID'])))
    .returning()
  if (!done) {
    const [again] = await tx.select().from(tickets).where(eq(tickets.id, read.ticket.id))
    return again?.checkedInAt ? { kind: 'ALREADY_USED', at: again.checkedInAt } : { kind: 'UNKNOWN' }
  }
  await auditChange(tx, ctx, { action: 'tickets.checkIn', entityType: 'ticket', entityId: done.id })
  return null
}

/**
 * Check a scanned or typed code in at an event's door (ticketAdmin and above). A ticket whose order
 * still owes money is not checked in: the door is told to collect this ticket's price (COLLECT) and
 * lets them in with "Paid at the door" (pay-at-door.ts).
 */
export async function checkInTicket(
  ctx: RequestContext,
  input: DoorTicketKey & { eventSlug: string; at?: Date },
): Promise<ScanResult> {
  const viewer = authorize(ctx.actor, 'admin.ticketAllocation')
  return withTx(ctx, async (tx, afterCommit) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx })
    const scanned = await readAtDoor(tx, event, input)
    if ('refused' in scanned) return scanned.refused
    const { read } = scanned
    if (read.collectPence > 0) {
      return {
        kind: 'COLLECT',
        ...read.who,
        collectPence: read.collectPence,
        orderOwedPence: read.orderOwedPence,
        orderReference: read.order.reference,
      }
    }
    const refused = await admitAtDoor(ctx, tx, read, viewer.id, input.at)
    if (refused) return refused
    publishDoorCount(ctx, afterCommit, event.id)
    return { kind: 'VALID', ...read.who }
  })
}
