import { and, eq, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { holderActionRefusal, refundDue, TICKET_CODE, transferInputSchema } from '#core/tickets/tickets.ts'
import { formatPence } from '#core/money.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import {
  events,
  ticketOrderLines,
  ticketOrders,
  ticketPayments,
  tickets,
  ticketTypes,
} from '#server/db/schema/index.ts'
import { validationError } from '#server/modules/shared/guards.ts'
import { newTicketCode, type TicketRow } from './issue-tickets.ts'
import { offerFromWaitlist } from './offer-from-waitlist.ts'
import { ticketPdfAttachment } from './ticket-pdf.ts'
import { returnStock } from './ticket-stock.ts'
import { mailGreeting, mailSafeText } from '#core/text/mail-text.ts'
import { whenAndWhereLines, yourTicketsLine } from './ticket-mail-lines.ts'

// What the holder of a ticket may do themselves (decision 0022): whoever holds the code holds the
// ticket, so the code is what authorizes both, signed in or not.

/** The ticket with this code, its order, type and event, locked; NOT_FOUND for a dead or made-up code. */
async function lockByCode(tx: Tx, code: string) {
  if (!TICKET_CODE.test(code)) throw new AppError('NOT_FOUND', 'No ticket has that code.')
  const [row] = await tx
    .select({ ticket: tickets, order: ticketOrders, type: ticketTypes, event: events })
    .from(tickets)
    .innerJoin(ticketOrders, eq(ticketOrders.id, tickets.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.code, code))
    .for('update', { of: [tickets, ticketOrders] })
  if (!row || row.ticket.status === 'VOID') throw new AppError('NOT_FOUND', 'No ticket has that code.')
  return row
}

/**
 * Give a ticket to someone else: it gets a new code (the old QR dies at once), the new holder's
 * name, and is emailed to them; it shows on their /tickets from then on.
 */
export async function transferTicket(
  ctx: RequestContext,
  raw: { code: string; toName: string; toEmail: string },
): Promise<TicketRow> {
  const parsed = transferInputSchema.safeParse({ ...raw, code: raw.code.trim() })
  if (!parsed.success) throw validationError(parsed.error.issues)
  const input = parsed.data
  return withTx(ctx, async (tx) => {
    const { ticket, order, type, event } = await lockByCode(tx, input.code)
    // The giver is whoever holds the ticket now: its last recipient, else the order's buyer (the
    // ticket's own name may already be the friend it is being passed to).
    const giver = ticket.holderEmail ? ticket.attendeeName : order.buyerName
    const refusal = holderActionRefusal('transfer', ticket, event.startDate, ctx.now())
    if (refusal) throw new AppError(refusal.code, refusal.message)
    const [moved] = await tx
      .update(tickets)
      .set({ code: newTicketCode(), attendeeName: input.toName, holderEmail: input.toEmail })
      .where(eq(tickets.id, ticket.id))
      .returning()
    const base = ctx.services.config.appUrl
    await ctx.services.mailer.queue(
      {
        to: input.toEmail,
        subject: `A ticket for ${event.title} has been passed to you`,
        template: 'tickets.transferred',
        text: [
          mailGreeting(input.toName),
          '',
          `${mailSafeText(giver)} has passed you their ${type.name} ticket for ${event.title}.`,
          ...(await whenAndWhereLines(ctx, tx, event)),
          type.info ? `\n${type.info}\n` : '',
          `Your ticket code is ${moved!.code}; show the QR code at ${base}/tickets/show/${moved!.code} at the door.`,
          'The ticket is attached as a PDF to print or keep on your phone.',
          'Anyone with the code can use the ticket: keep it to yourself.',
          yourTicketsLine(ctx),
        ].join('\n'),
        attachments: [ticketPdfAttachment(moved!.code)],
      },
      tx,
    )
    await auditChange(tx, ctx, {
      action: 'tickets.transfer',
      entityType: 'ticket',
      entityId: ticket.id,
      before: { attendeeName: ticket.attendeeName, holderEmail: ticket.holderEmail },
      after: { attendeeName: input.toName, holderEmail: input.toEmail },
    })
    return moved!
  })
}

/**
 * Cancel a ticket under the event's policy: the ticket dies, its place goes back to the sale and
 * down the waitlist, the order costs one ticket less, and anything paid beyond that is a refund
 * due, which staff pay and record (a refund is never more than was paid). Returns the refund due.
 */
export async function cancelTicket(ctx: RequestContext, raw: { code: string }): Promise<number> {
  return withTx(ctx, async (tx) => {
    const { ticket, order, type, event } = await lockByCode(tx, raw.code.trim())
    const refusal = holderActionRefusal('cancel', ticket, event.startDate, ctx.now())
    if (refusal) throw new AppError(refusal.code, refusal.message)
    await tx.update(tickets).set({ status: 'VOID' }).where(eq(tickets.id, ticket.id))
    const quantity = order.quantity - 1
    const amountPence = Math.max(0, order.amountPence - type.pricePence)
    const [paidRow] = await tx
      .select({ n: sql<number>`coalesce(sum(${ticketPayments.amountPence}), 0)::int` })
      .from(ticketPayments)
      .where(eq(ticketPayments.orderId, order.id))
    const paid = Number(paidRow?.n ?? 0)
    // The quantity check keeps an order at one ticket or more: an emptied order is cancelled whole.
    await tx
      .update(ticketOrders)
      .set(
        quantity === 0
          ? { status: 'CANCELLED' }
          : { quantity, amountPence, status: paid >= amountPence ? 'PAID' : order.status },
      )
      .where(eq(ticketOrders.id, order.id))
    await tx
      .update(ticketOrderLines)
      .set({ quantity: sql`greatest(${ticketOrderLines.quantity} - 1, 0)` })
      .where(and(eq(ticketOrderLines.orderId, order.id), eq(ticketOrderLines.ticketTypeId, type.id)))
    await returnStock(tx, order.eventId, type.id, 1)
    const offered = await offerFromWaitlist(ctx, tx, type.id)
    const refund = refundDue(paid, quantity === 0 ? 0 : amountPence)
    await ctx.services.mailer.queue(
      {
        to: ticket.holderEmail ?? order.email,
        subject: `Ticket cancelled: ${event.title}`,
        template: 'tickets.cancelled',
        text: [
          mailGreeting(ticket.attendeeName),
          '',
          `Your ${type.name} ticket for ${event.title} is cancelled and its code no longer works.`,
          ...(await whenAndWhereLines(ctx, tx, event)),
          refund > 0
            ? `A refund of ${formatPence(refund)} is due on order ${order.reference}; the committee will pay it back as the event's cancellations-and-refunds policy says.`
            : 'Nothing was paid for it, so there is nothing to refund.',
        ].join('\n'),
      },
      tx,
    )
    await auditChange(tx, ctx, {
      action: 'tickets.cancel',
      entityType: 'ticket',
      entityId: ticket.id,
      after: { order: order.reference, refundDuePence: refund, offeredToWaitlist: offered },
    })
    return refund
  })
}
