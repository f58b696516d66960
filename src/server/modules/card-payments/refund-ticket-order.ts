import { and, eq, inArray, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { formatPence } from '#core/money.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { cardCheckouts, cardRefunds, ticketOrders } from '#server/db/schema/index.ts'
import { requireCardProvider } from '#server/modules/payments/card-provider.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { cancelIssuedOrder } from '#server/modules/tickets/cancel-order.ts'
import { listOrders, type OrderView } from '#server/modules/tickets/tickets.queries.ts'
import { recordCardRefunds } from './settle-card-checkout.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Staff (ticket allocation) refund some or all of a ticket order's card payment through Stripe, and
 * may cancel the whole order with it (decision 0054): the refund is a negative Card (online) line on
 * the order's ledger, audited and emailed to the buyer, keyed by Stripe's refund id so its
 * `charge.refunded` webhook records nothing more. Cancelling voids every ticket and returns the stock.
 */
export async function refundTicketOrderByCard(
  ctx: RequestContext,
  input: { orderId: string; amountPence: number; cancelOrder: boolean },
): Promise<OrderView> {
  const viewer = authorize(ctx.actor, 'admin.ticketAllocation')
  if (!UUID.test(input.orderId)) throw new AppError('NOT_FOUND', 'No such order.')
  const db = ctx.services.db
  const [order] = await db.select().from(ticketOrders).where(eq(ticketOrders.id, input.orderId))
  if (!order) throw new AppError('NOT_FOUND', 'No such order.')
  const provider = requireCardProvider(ctx.services)
  const paid = await db
    .select()
    .from(cardCheckouts)
    .where(and(eq(cardCheckouts.orderId, order.id), eq(cardCheckouts.status, 'PAID')))
  const refunded = paid.length
    ? await db
        .select({
          checkoutId: cardRefunds.checkoutId,
          pence: sql<number>`sum(${cardRefunds.amountPence})::int`,
        })
        .from(cardRefunds)
        .where(
          inArray(
            cardRefunds.checkoutId,
            paid.map((c) => c.id),
          ),
        )
        .groupBy(cardRefunds.checkoutId)
    : []
  // The card payment with the most left to refund (an order is normally paid by one).
  const withLeft = paid
    .filter((c) => c.paymentReference)
    .map((c) => ({
      checkout: c,
      left: c.amountPence - Number(refunded.find((r) => r.checkoutId === c.id)?.pence ?? 0),
    }))
    .sort((a, b) => b.left - a.left)[0]
  if (!withLeft) {
    const message = 'This order was not paid by card online; record refunds of other payments by hand.'
    throw new AppError('VALIDATION', message, { fields: [{ path: 'orderId', message }] })
  }
  const { checkout, left } = withLeft
  if (!Number.isInteger(input.amountPence) || input.amountPence <= 0 || input.amountPence > left) {
    const message =
      left > 0
        ? `Enter an amount from 1p to ${formatPence(left)}, what is left of this card payment.`
        : 'This card payment has been refunded in full already.'
    throw new AppError('VALIDATION', message, { fields: [{ path: 'amountPence', message }] })
  }
  const reference = checkout.paymentReference!
  const refund = await provider.refund({
    paymentReference: reference,
    amountPence: input.amountPence,
    metadata: { order_id: order.id, cancel_order: input.cancelOrder ? 'yes' : 'no' },
    idempotencyKey: `ticket-refund:${checkout.id}:${left}:${input.amountPence}:${input.cancelOrder}`,
  })
  await recordCardRefunds(ctx, provider, reference, [refund], viewer.id)
  if (input.cancelOrder) {
    await withTx(ctx, async (tx) => {
      const [locked] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, order.id)).for('update')
      if (locked) await cancelIssuedOrder(ctx, tx, locked)
    })
  }
  const orders = await listOrders(ctx.services.db, order.eventId)
  return orders.find((o) => o.id === order.id)!
}
