import { eq, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { ticketOrders, ticketPayments, tickets, ticketWaitlist } from '#server/db/schema/index.ts'
import { RELEASE_ORDER_JOB, releaseOrderKey } from './held-orders.ts'
import {
  closeOpenCardCheckouts,
  openCardCheckoutUntil,
  orderIdsByClaimToken,
} from './order-card-checkouts.ts'
import { giveVoucherUseBack } from './vouchers.ts'
import type { OrderRow } from './issue-tickets.ts'
import { offerFromWaitlist } from './offer-from-waitlist.ts'
import { linesOf, returnLinesStock } from './order-lines.ts'
import { mailGreeting } from '#core/text/mail-text.ts'
import { mailMoment, whenAndWhereLines } from './ticket-mail-lines.ts'

export type ReleaseOutcome = 'RELEASED' | 'LAPSED_BALLOT' | 'KEPT'

/**
 * The release job (`tickets.jobs.ts`) at an order's `payBy`: a HELD order not confirmed by then (a
 * checkout's hold, an unclaimed waitlist offer, an order whose emailed link was not used) is cancelled; so is a ballot winner's order with
 * nothing paid by then, its tickets voided. Either way the stock goes back and down the waitlist.
 * Does nothing when the order was confirmed, paid or cancelled meanwhile, or its time moved on, nor
 * while a card checkout of the order is still open on Stripe's page (decision 0054): the job comes
 * back at that checkout's expiry.
 */
export async function releaseOrder(ctx: RequestContext, orderId: string): Promise<ReleaseOutcome> {
  return withTx(ctx, async (tx) => {
    const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, orderId)).for('update')
    if (!order?.payBy || order.payBy.getTime() > ctx.now().getTime()) return 'KEPT'
    const cardOpenUntil =
      order.status === 'HELD' ? await openCardCheckoutUntil(tx, order.id, ctx.now()) : null
    if (cardOpenUntil) {
      // NOTE: a second job of its own key: this one may be the running job, whose key cannot be
      // queued again until it finishes. A release that is not due yet is a no-op, so one extra is harmless.
      await tx.update(ticketOrders).set({ payBy: cardOpenUntil }).where(eq(ticketOrders.id, order.id))
      await ctx.services.queue.enqueue(
        RELEASE_ORDER_JOB,
        { orderId: order.id },
        { runAt: cardOpenUntil, singletonKey: `${releaseOrderKey(order.id)}:card`, tx },
      )
      return 'KEPT'
    }
    let outcome: ReleaseOutcome
    if (order.status === 'HELD') {
      outcome = 'RELEASED'
      await giveVoucherUseBack(tx, order)
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
            `Nothing was paid for order ${order.reference} by ${await mailMoment(ctx, tx, order.payBy)}, so its tickets have passed to the next person on the waitlist.`,
            ...(await whenAndWhereLines(ctx, tx, order.eventId)),
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
    const offered = await giveBack(ctx, tx, order)
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

/** Return every line's stock and offer it down each type's waitlist; how many entries were offered. */
async function giveBack(ctx: RequestContext, tx: Tx, order: OrderRow): Promise<number> {
  const lines = await linesOf(tx, order.id)
  await returnLinesStock(tx, order.eventId, lines)
  let offered = 0
  for (const line of lines) offered += await offerFromWaitlist(ctx, tx, line.type.id)
  return offered
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
  // A card page still open for it is closed first, so the released tickets cannot be paid for.
  await closeOpenCardCheckouts(ctx, await orderIdsByClaimToken(ctx, claimToken))
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
    await ctx.services.queue.cancel(releaseOrderKey(order.id), tx)
    await giveVoucherUseBack(tx, order)
    const offered = await giveBack(ctx, tx, order)
    await auditChange(tx, ctx, {
      action: 'tickets.holdCancelled',
      entityType: 'ticket_order',
      entityId: order.id,
      after: { quantity: order.quantity, offeredToWaitlist: offered },
    })
  })
}
