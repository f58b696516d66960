import { and, eq, ne } from 'drizzle-orm'
import { auditChange } from '#server/audit/audit.service.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { ticketOrders, tickets } from '#server/db/schema/index.ts'
import type { OrderRow } from './issue-tickets.ts'
import { offerFromWaitlist } from './offer-from-waitlist.ts'
import { linesOf, returnLinesStock } from './order-lines.ts'

/**
 * Staff cancel a whole issued order (with a refund to the card, decision 0054): every ticket of it
 * stops working, the order is CANCELLED, and its lines' stock goes back on sale and down each type's
 * waitlist. What was paid stays on the ledger until refunded. The caller holds the order's row lock;
 * an order already cancelled is left as it is (false).
 */
export async function cancelIssuedOrder(ctx: RequestContext, tx: Tx, order: OrderRow): Promise<boolean> {
  if (order.status === 'CANCELLED' || order.status === 'HELD') return false
  const voided = await tx
    .update(tickets)
    .set({ status: 'VOID' })
    .where(and(eq(tickets.orderId, order.id), ne(tickets.status, 'VOID')))
    .returning({ id: tickets.id })
  await tx.update(ticketOrders).set({ status: 'CANCELLED', payBy: null }).where(eq(ticketOrders.id, order.id))
  // A line's quantity is its live tickets (a ticket cancelled alone took one off): give those back.
  const lines = (await linesOf(tx, order.id)).filter((l) => l.quantity > 0)
  await returnLinesStock(tx, order.eventId, lines)
  let offered = 0
  for (const line of lines) offered += await offerFromWaitlist(ctx, tx, line.type.id)
  await auditChange(tx, ctx, {
    action: 'tickets.orderCancelled',
    entityType: 'ticket_order',
    entityId: order.id,
    after: { reference: order.reference, ticketsCancelled: voided.length, offeredToWaitlist: offered },
  })
  return true
}
