import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { DOOR_PAYMENT_METHODS, type DoorPaymentMethod, type ScanResult } from '#core/tickets/door.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { ticketOrders, ticketPayments } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { admitAtDoor, readAtDoor, type DoorTicketKey } from './check-in-ticket.ts'
import { publishDoorCount } from './door-count.ts'

/**
 * "Paid at the door" (ticketAdmin and above): the door took this ticket's money (cash, or a card on
 * the society's own reader). In one transaction, under the order's lock: record what the ticket
 * owed (core's collectAtDoor: its own price, at most what the order still owes) as a payment of the
 * order, mark the order PAID when nothing is left, and check the ticket in. A refused code records
 * nothing. `at` is the time of an offline scan being synced.
 */
export async function payAtDoor(
  ctx: RequestContext,
  input: DoorTicketKey & { eventSlug: string; method: DoorPaymentMethod; at?: Date },
): Promise<ScanResult> {
  const viewer = authorize(ctx.actor, 'admin.ticketAllocation')
  if (!DOOR_PAYMENT_METHODS.includes(input.method)) {
    throw new AppError('VALIDATION', 'Choose cash or card.')
  }
  return withTx(ctx, async (tx, afterCommit) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx })
    const scanned = await readAtDoor(tx, event, input)
    if ('refused' in scanned) return scanned.refused
    const { read } = scanned
    const refused = await admitAtDoor(ctx, tx, read, viewer.id, input.at)
    if (refused) return refused
    publishDoorCount(ctx, afterCommit, event.id)
    // Paid meanwhile (by transfer, or another ticket of the order): nothing to take, just let in.
    if (read.collectPence === 0) return { kind: 'VALID', ...read.who }
    await tx.insert(ticketPayments).values({
      orderId: read.order.id,
      amountPence: read.collectPence,
      method: input.method,
      reference: `At the door: ${read.ticket.attendeeName}`.slice(0, 200),
      recordedBy: viewer.id,
      recordedAt: ctx.now(),
    })
    const status = read.orderOwedPence - read.collectPence <= 0 ? 'PAID' : read.order.status
    await tx
      .update(ticketOrders)
      .set({ status, payBy: status === 'PAID' ? null : read.order.payBy })
      .where(eq(ticketOrders.id, read.order.id))
    await auditChange(tx, ctx, {
      action: 'tickets.doorPayment',
      entityType: 'ticket_order',
      entityId: read.order.id,
      after: { ticketId: read.ticket.id, amountPence: read.collectPence, method: input.method, status },
    })
    return { kind: 'VALID', ...read.who, paidPence: read.collectPence }
  })
}
