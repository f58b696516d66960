import { eq, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { ticketOrders, ticketPayments, tickets, ticketWaitlist } from '#server/db/schema/index.ts'
import { releaseOrderKey } from './hold-tickets.ts'
import type { OrderRow } from './issue-tickets.ts'
import { offerFromWaitlist } from './offer-from-waitlist.ts'
import { returnStock } from './ticket-stock.ts'
import { mailGreeting } from '#core/text/mail-text.ts'

export type ReleaseOutcome = 'RELEASED' | 'LAPSED_BALLOT' | 'KEPT'

/**
 * The release job (`tickets.jobs.ts`) at an order's `payBy`: a HELD order not confirmed by then (a
 * checkout's hold, an unclaimed waitlist offer, an order whose emailed link was not used) is cancelled; so is a ballot winner's order with
 * nothing paid by then, its tickets voided. Either way the stock goes back and down the waitlist.
 * Does nothing when the order was confirmed, paid or cancelled meanwhile, or its time moved on.
 */
export async function releaseOrder(ctx: RequestContext, orderId: string): Promise<ReleaseOutcome> {
  return withTx(ctx, async (tx) => {
    const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, orderId)).for('update')
    if (!order?.payBy || order.payBy.getTime() > ctx.now().getTime()) return 'KEPT'
    let outcome: ReleaseOutcome
    if (order.status === 'HELD') {
      outcome = 'RELEASED'
      await tx.update(ticketWaitlist).set({ status: 'LAPSED' }).where(eq(ticketWaitlist.orderId, order.id))
    } else if (order.status === 'AWAITING_PAYMENT' && order.source === 'BALLOT') {
      if ((await paidOn(tx, order)) > 0) return 'KEPT'
      outcome = 'LAPSED_BALLOT'
      await tx.update(tickets).set({ status: 'VOID' }).where(eq(tickets.orderId, order.id))
      await ctx.services.mailer.queue(
        {
          to: order.email,
          subject: 'Your ballot tickets have lapsed',
          template: 'tickets.ballotLapsed',
          text: [
            mailGreeting(order.buyerName),
            '',
            `Nothing was paid for order ${order.reference} by ${order.payBy.toUTCString()}, so its tickets have passed to the next person on the waitlist.`,
          ].join('\n'),
        },
        tx,
      )
    } else {
      return 'KEPT'
    }
    await tx
      .update(ticketOrders)
      .set({ status: 'CANCELLED', claimToken: null })
      .where(eq(ticketOrders.id, order.id))
    await returnStock(tx, order.eventId, order.ticketTypeId, order.quantity)
    const offered = await offerFromWaitlist(ctx, tx, order.ticketTypeId)
    await auditChange(tx, ctx, {
      action:
        outcome === 'LAPSED_BALLOT'
          ? 'tickets.ballotOfferLapsed'
          : order.attendeeNames
            ? 'tickets.emailLinkLapsed'
            : 'tickets.holdReleased',
      entityType: 'ticket_order',
      entityId: order.id,
      after: { quantity: order.quantity, offeredToWaitlist: offered },
    })
    return outcome
  })
}

async function paidOn(tx: Tx, order: OrderRow): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${ticketPayments.amountPence}), 0)::int` })
    .from(ticketPayments)
    .where(eq(ticketPayments.orderId, order.id))
  return Number(row?.n ?? 0)
}

/**
 * The buyer lets a hold go before its time (the checkout's Cancel, or declining a waitlist offer):
 * the order is cancelled, the stock goes back and down the waitlist at once, and the job is dropped.
 * NOT_FOUND once it was confirmed, lapsed or released, or for an unknown token.
 */
export async function releaseHold(ctx: RequestContext, claimToken: string): Promise<void> {
  await withTx(ctx, async (tx) => {
    const [order] = claimToken
      ? await tx.select().from(ticketOrders).where(eq(ticketOrders.claimToken, claimToken)).for('update')
      : []
    if (!order || order.status !== 'HELD') {
      throw new AppError('NOT_FOUND', 'This checkout or offer is no longer open.')
    }
    await tx.update(ticketWaitlist).set({ status: 'LAPSED' }).where(eq(ticketWaitlist.orderId, order.id))
    await tx
      .update(ticketOrders)
      .set({ status: 'CANCELLED', claimToken: null })
      .where(eq(ticketOrders.id, order.id))
    await returnStock(tx, order.eventId, order.ticketTypeId, order.quantity)
    await ctx.services.queue.cancel(releaseOrderKey(order.id), tx)
    const offered = await offerFromWaitlist(ctx, tx, order.ticketTypeId)
    await auditChange(tx, ctx, {
      action: 'tickets.holdCancelled',
      entityType: 'ticket_order',
      entityId: order.id,
      after: { quantity: order.quantity, offeredToWaitlist: offered },
    })
  })
}
