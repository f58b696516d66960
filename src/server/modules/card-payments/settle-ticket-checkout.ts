import { eq, sql } from 'drizzle-orm'
import { formatPence } from '#core/money.ts'
import { mailGreeting } from '#core/text/mail-text.ts'
import { needsEmailConfirmation } from '#core/tickets/email-confirmation.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import {
  type cardCheckouts,
  events,
  ticketOrders,
  ticketPayments,
  ticketWaitlist,
} from '#server/db/schema/index.ts'
import type { ProviderRefund } from '#server/modules/payments/payment-provider.ts'
import { releaseOrderKey } from '#server/modules/tickets/held-orders.ts'
import { issueHeldOrder } from '#server/modules/tickets/issue-tickets.ts'
import { releaseOrder } from '#server/modules/tickets/release-order.ts'

// Card checkouts of ticket orders (purpose TICKET_ORDER, decision 0054), called from the shared
// webhook and settle code in settle-card-checkout.ts.

type CheckoutRow = typeof cardCheckouts.$inferSelect

/** What the order's ledger holds, net of refunds. */
async function paidOn(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${ticketPayments.amountPence}), 0)::int` })
    .from(ticketPayments)
    .where(eq(ticketPayments.orderId, orderId))
  return Number(row?.n ?? 0)
}

/**
 * Stripe says a ticket order's checkout is paid (inside the caller's transaction, the checkout row
 * locked): the payment is written to the order's ledger as Card (online), and a HELD order is issued
 * PAID with the names given at the checkout and the same order email as every other way to pay
 * (without sign-in too: the payment stands for the emailed link, decision 0054). An order no longer
 * held (confirmed another way, or released because the payment came too late) keeps the payment on
 * its ledger: it pays what is owed, or, on a cancelled order, it is a refund due, audited for staff.
 */
export async function completeTicketCheckout(
  ctx: RequestContext,
  tx: Tx,
  row: CheckoutRow,
  reference: string,
): Promise<'recorded' | 'unmatched'> {
  const orderId = row.orderId!
  const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, orderId)).for('update')
  if (!order) return 'unmatched'
  await tx.insert(ticketPayments).values({
    orderId,
    amountPence: row.amountPence,
    method: 'CARD_ONLINE',
    reference,
    recordedBy: null,
    recordedAt: ctx.now(),
  })
  const paid = await paidOn(tx, orderId)
  // Paid by card, the order is issued without waiting for an emailed link, signed in or not.
  const waits = needsEmailConfirmation({
    signedIn: order.userId !== null,
    addressShown: false,
    paidByCard: true,
  })
  if (order.status === 'HELD' && row.buyerDetails && !waits) {
    const [event] = await tx.select().from(events).where(eq(events.id, order.eventId))
    const issued = await issueHeldOrder(ctx, tx, order, {
      event: event!,
      email: order.email,
      buyerName: row.buyerDetails.buyerName,
      attendeeNames: row.buyerDetails.attendeeNames,
      payment: 'CARD',
      paidPence: paid,
    })
    await tx.update(ticketWaitlist).set({ status: 'DONE' }).where(eq(ticketWaitlist.orderId, orderId))
    await ctx.services.queue.cancel(releaseOrderKey(orderId), tx)
    await auditChange(tx, ctx, {
      action: 'tickets.cardPaid',
      entityType: 'ticket_order',
      entityId: orderId,
      after: { amountPence: row.amountPence, reference, status: issued.order.status, checkoutId: row.id },
    })
    return 'recorded'
  }
  if (order.status === 'AWAITING_PAYMENT' || order.status === 'PAID') {
    const status = paid >= order.amountPence ? 'PAID' : order.status
    await tx.update(ticketOrders).set({ status, payBy: null }).where(eq(ticketOrders.id, orderId))
    await auditChange(tx, ctx, {
      action: 'tickets.payment',
      entityType: 'ticket_order',
      entityId: orderId,
      after: { amountPence: row.amountPence, method: 'CARD_ONLINE', reference, status },
    })
    return 'recorded'
  }
  await auditChange(tx, ctx, {
    action: 'payment.card.unmatched',
    entityType: 'ticket_order',
    entityId: orderId,
    after: {
      checkoutId: row.id,
      amountPence: row.amountPence,
      reference,
      reason: 'The order was cancelled before the card payment arrived: refund it to the card.',
    },
  })
  return 'unmatched'
}

/**
 * A ticket order's checkout closed unpaid (Stripe's `checkout.session.expired`): the order is
 * released if its time is up and no other card checkout of it is open, exactly as the release job
 * would (`releaseOrder` decides, so the two can arrive in any order and release once).
 */
export async function expireTicketCheckout(ctx: RequestContext, orderId: string): Promise<void> {
  await releaseOrder(ctx, orderId)
}

/**
 * A refund of a ticket order's card payment (staff asked, or one made in Stripe's dashboard): a
 * negative Card (online) line on the order's ledger, audited, and the buyer emailed. Whether the
 * order is cancelled is staff's separate choice (`refundTicketOrderByCard`).
 */
export async function refundTicketLines(
  ctx: RequestContext,
  tx: Tx,
  checkout: CheckoutRow,
  refund: ProviderRefund,
  recordedBy: string | null,
): Promise<void> {
  const orderId = checkout.orderId!
  await tx.insert(ticketPayments).values({
    orderId,
    amountPence: -refund.amountPence,
    method: 'CARD_ONLINE',
    reference: refund.id,
    recordedBy,
    recordedAt: ctx.now(),
  })
  await auditChange(tx, ctx, {
    action: 'tickets.refund',
    entityType: 'ticket_order',
    entityId: orderId,
    after: { amountPence: -refund.amountPence, method: 'CARD_ONLINE', reference: refund.id },
  })
  const [row] = await tx
    .select({ order: ticketOrders, title: events.title })
    .from(ticketOrders)
    .innerJoin(events, eq(events.id, ticketOrders.eventId))
    .where(eq(ticketOrders.id, orderId))
  if (!row) return
  const cancelled = refund.metadata.cancel_order === 'yes'
  await ctx.services.mailer.queue(
    {
      to: row.order.email,
      subject: `Refund of ${formatPence(refund.amountPence)} for ${row.title}`,
      template: 'tickets.cardRefund',
      text: [
        mailGreeting(row.order.buyerName),
        '',
        `We have refunded ${formatPence(refund.amountPence)} of your card payment for order ${row.order.reference} (${row.title}) to the card you paid with.`,
        cancelled ? 'The order is cancelled: its tickets no longer work.' : '',
        'Banks usually show a refund within 5 to 10 working days.',
        '',
        `Refund reference: ${refund.id}`,
      ]
        .filter((line, i, all) => line !== '' || all[i - 1] !== '')
        .join('\n'),
    },
    tx,
  )
}
