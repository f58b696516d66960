import { eq, sql } from 'drizzle-orm'
import { formatPence } from '#core/money.ts'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { ticketOrders, ticketPayments } from '#server/db/schema/index.ts'
import { MANUAL_PAYMENT_METHODS, type PaymentMethod } from '#core/applications/payments.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { listOrders, type OrderView } from './tickets.queries.ts'

/**
 * Staff record money received for an order (negative: a refund, never more than was paid). There is
 * no online provider: as for application payments, the record is the payment. Fully paid → PAID.
 */
export async function recordTicketPayment(
  ctx: RequestContext,
  input: { orderId: string; amountPence: number; method: PaymentMethod; reference?: string | null },
): Promise<OrderView> {
  const viewer = authorize(ctx.actor, 'admin.ticketAllocation')
  if (
    !Number.isInteger(input.amountPence) ||
    input.amountPence === 0 ||
    Math.abs(input.amountPence) > 10_000_000
  ) {
    const message = 'Enter an amount other than zero (negative for a refund).'
    throw new AppError('VALIDATION', message, { fields: [{ path: 'amountPence', message }] })
  }
  // Card (online) payments are recorded by the card provider, never by hand.
  if (!MANUAL_PAYMENT_METHODS.some((m) => m === input.method)) {
    const message = 'Choose how it was paid: cash, bank transfer, card (in person) or other.'
    throw new AppError('VALIDATION', message, { fields: [{ path: 'method', message }] })
  }
  if (!/^[0-9a-f-]{36}$/i.test(input.orderId)) throw new AppError('NOT_FOUND', 'No such order.')
  const after = await withTx(ctx, async (tx) => {
    const [order] = await tx
      .select()
      .from(ticketOrders)
      .where(eq(ticketOrders.id, input.orderId))
      .for('update')
    if (!order) throw new AppError('NOT_FOUND', 'No such order.')
    // A cancelled order costs nothing: only refunds of what was paid can still be recorded.
    if (order.status === 'CANCELLED' && input.amountPence > 0) {
      throw new AppError('CONFLICT', 'This order was cancelled.')
    }
    const costs = order.status === 'CANCELLED' ? 0 : order.amountPence
    if (order.status === 'HELD') {
      throw new AppError('CONFLICT', 'This checkout is not finished: no tickets were issued yet.')
    }
    const [row] = await tx
      .select({ n: sql<number>`coalesce(sum(${ticketPayments.amountPence}), 0)::int` })
      .from(ticketPayments)
      .where(eq(ticketPayments.orderId, order.id))
    const paid = Number(row?.n ?? 0)
    if (paid + input.amountPence < 0) {
      const message = `A refund cannot be more than the ${formatPence(paid)} paid.`
      throw new AppError('VALIDATION', message, { fields: [{ path: 'amountPence', message }] })
    }
    if (input.amountPence > 0 && paid + input.amountPence > costs) {
      const message = `Only ${formatPence(Math.max(0, costs - paid))} is outstanding on this order.`
      throw new AppError('VALIDATION', message, { fields: [{ path: 'amountPence', message }] })
    }
    await tx.insert(ticketPayments).values({
      orderId: order.id,
      amountPence: input.amountPence,
      method: input.method,
      reference: (input.reference ?? '').trim().slice(0, 200),
      recordedBy: viewer.id,
      recordedAt: ctx.now(),
    })
    const status =
      order.status === 'CANCELLED'
        ? 'CANCELLED'
        : paid + input.amountPence >= order.amountPence
          ? 'PAID'
          : 'AWAITING_PAYMENT'
    const [updated] = await tx
      .update(ticketOrders)
      .set({ status, payBy: status === 'PAID' ? null : order.payBy })
      .where(eq(ticketOrders.id, order.id))
      .returning()
    await auditChange(tx, ctx, {
      action: input.amountPence < 0 ? 'tickets.refund' : 'tickets.payment',
      entityType: 'ticket_order',
      entityId: order.id,
      after: { amountPence: input.amountPence, method: input.method, status },
    })
    return updated!
  })
  const orders = await listOrders(ctx.services.db, after.eventId)
  return orders.find((o) => o.id === after.id)!
}
