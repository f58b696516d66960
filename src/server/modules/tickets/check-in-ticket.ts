import { and, eq, inArray } from 'drizzle-orm'
import { seatText } from '#core/tickets/seating.ts'
import { TICKET_CODE, scanVerdict, type ScanResult } from '#core/tickets/tickets.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { ticketOrders, ticketPayments, tickets, ticketSales, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'

/**
 * Check a scanned or typed code in at an event's door (ticketAdmin and above). The update is
 * conditional on the ticket still being VALID, so two doors scanning at once check it in once: the
 * second sees ALREADY_USED with the first one's time.
 */
export async function checkInTicket(
  ctx: RequestContext,
  input: { eventSlug: string; code: string; at?: Date },
): Promise<ScanResult> {
  const viewer = authorize(ctx.actor, 'admin.ticketAllocation')
  const code = input.code.trim()
  return withTx(ctx, async (tx) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx })
    if (!TICKET_CODE.test(code)) return { kind: 'UNKNOWN' }
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.code, code))
    const verdict = scanVerdict(ticket, event.id)
    if (verdict === 'ALREADY_USED') return { kind: 'ALREADY_USED', at: ticket!.checkedInAt! }
    if (verdict !== 'CHECK_IN') return { kind: verdict }
    // An offline scan synced later keeps the time it was let in at the door.
    const now = input.at && input.at.getTime() <= ctx.now().getTime() ? input.at : ctx.now()
    const [done] = await tx
      .update(tickets)
      .set({ status: 'CHECKED_IN', checkedInAt: now, checkedInBy: viewer.id })
      .where(and(eq(tickets.id, ticket!.id), inArray(tickets.status, ['VALID'])))
      .returning()
    if (!done) {
      const [again] = await tx.select().from(tickets).where(eq(tickets.id, ticket!.id))
      return again?.checkedInAt ? { kind: 'ALREADY_USED', at: again.checkedInAt } : { kind: 'UNKNOWN' }
    }
    const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, done.orderId))
    const [type] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, done.ticketTypeId))
    const payments = await tx.select().from(ticketPayments).where(eq(ticketPayments.orderId, done.orderId))
    const owedPence = Math.max(0, order!.amountPence - payments.reduce((s, p) => s + p.amountPence, 0))
    await auditChange(tx, ctx, { action: 'tickets.checkIn', entityType: 'ticket', entityId: done.id })
    const [sale] = await tx.select().from(ticketSales).where(eq(ticketSales.eventId, event.id))
    return {
      kind: 'VALID',
      attendeeName: done.attendeeName,
      typeName: type!.name,
      owedPence,
      seat: seatText({ mode: sale?.seating ?? 'SEATS' }, done.seat),
    }
  })
}
