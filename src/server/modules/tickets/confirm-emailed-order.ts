import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { describeLines } from '#core/tickets/basket.ts'
import { emailedOrderState, type EmailedOrderState } from '#core/tickets/email-confirmation.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { events, ticketOrders } from '#server/db/schema/index.ts'
import { releaseOrderKey } from './held-orders.ts'
import { linesOf } from './order-lines.ts'
import { issueHeldOrder, type OrderRow, type TicketRow } from './issue-tickets.ts'

export interface EmailedOrderView {
  state: EmailedOrderState
  eventTitle: string | null
  typeName: string | null
  quantity: number | null
  amountPence: number | null
  email: string | null
  confirmBy: Date | null
}

const waiting = (order: OrderRow) => ({ ...order, waiting: order.attendeeNames !== null })

/**
 * What the emailed link of an order placed without sign-in finds (its page): the order to confirm,
 * or that it was confirmed already, lapsed, or is unknown. Only OPEN shows the order's details.
 */
export async function emailedOrderByToken(ctx: RequestContext, token: string): Promise<EmailedOrderView> {
  const [row] = token
    ? await ctx.services.db
        .select({ order: ticketOrders, eventTitle: events.title })
        .from(ticketOrders)
        .innerJoin(events, eq(events.id, ticketOrders.eventId))
        .where(eq(ticketOrders.confirmToken, token))
    : []
  const state = emailedOrderState(row ? waiting(row.order) : undefined, ctx.now())
  const open = state === 'OPEN' && row
  const lines = open ? await linesOf(ctx.services.db, row.order.id) : []
  return {
    state,
    eventTitle: open ? row.eventTitle : null,
    typeName: open
      ? describeLines(lines.map((l) => ({ quantity: l.quantity, typeName: l.type.name })))
      : null,
    quantity: open ? row.order.quantity : null,
    amountPence: open ? row.order.amountPence : null,
    email: open ? row.order.email : null,
    confirmBy: open ? row.order.payBy : null,
  }
}

const MESSAGES: Record<Exclude<EmailedOrderState, 'OPEN'>, string> = {
  UNKNOWN: 'This confirmation link is not known. Check that it was copied whole.',
  CONFIRMED: 'This link was used already: the order is confirmed and its tickets were emailed.',
  LAPSED:
    'This order lapsed: it was not confirmed in time, so its tickets went back on sale. Nothing was bought.',
}

/**
 * Confirm an order placed without sign-in from its emailed link (issue 26, finding 9): the tickets
 * are issued with the names kept on the order and emailed, as a signed-in checkout's are at once.
 * Refused (CONFLICT) once used or lapsed, NOT_FOUND for an unknown link; the row lock makes a double
 * click issue the tickets once.
 */
export async function confirmEmailedOrder(
  ctx: RequestContext,
  token: string,
): Promise<{ order: OrderRow; tickets: TicketRow[] }> {
  return withTx(ctx, async (tx) => {
    const [held] = token
      ? await tx.select().from(ticketOrders).where(eq(ticketOrders.confirmToken, token)).for('update')
      : []
    const state = emailedOrderState(held ? waiting(held) : undefined, ctx.now())
    if (state !== 'OPEN' || !held?.attendeeNames) {
      const refused = state === 'OPEN' ? 'UNKNOWN' : state
      throw new AppError(refused === 'UNKNOWN' ? 'NOT_FOUND' : 'CONFLICT', MESSAGES[refused])
    }
    const [event] = await tx.select().from(events).where(eq(events.id, held.eventId))
    const result = await issueHeldOrder(ctx, tx, held, {
      event: event!,
      email: held.email,
      buyerName: held.buyerName,
      attendeeNames: held.attendeeNames,
      payment: held.payment,
    })
    await tx.update(ticketOrders).set({ attendeeNames: null }).where(eq(ticketOrders.id, held.id))
    await ctx.services.queue.cancel(releaseOrderKey(held.id), tx)
    await auditChange(tx, ctx, {
      action: 'tickets.confirmByEmail',
      entityType: 'ticket_order',
      entityId: held.id,
      after: { quantity: held.quantity, amountPence: held.amountPence, status: result.order.status },
    })
    return { ...result, order: { ...result.order, attendeeNames: null } }
  })
}
