import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { EMAIL_CONFIRM_WAIT, emailConfirmDeadline } from '#core/tickets/email-confirmation.ts'
import { formatPence } from '#core/money.ts'
import type { PaymentChoice } from '#core/tickets/tickets.ts'
import { mailGreeting } from '#core/text/mail-text.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { ticketOrders } from '#server/db/schema/index.ts'
import { scheduleRelease } from './held-orders.ts'
import { mailMoment, whenAndWhereLines } from './ticket-mail-lines.ts'
import type { OrderRow } from './issue-tickets.ts'

export interface AwaitedDetails {
  eventTitle: string
  /** The order's lines in words: "2 × Adult, 1 × Concession". */
  what: string
  buyerName: string
  attendeeNames: string[]
  payment: PaymentChoice
}

/**
 * Keep a HELD order (its stock already taken) for the link emailed to its address instead of
 * issuing its tickets (issue 26, finding 9): the names and payment choice are kept on the order, a
 * fresh secret goes only into the email (the checkout's own token stops working, since the browser
 * knows it), and the release job moves to the deadline, where an unconfirmed order lapses and its
 * tickets go back on sale. The caller holds the order's row lock.
 */
export async function awaitEmailConfirmation(
  ctx: RequestContext,
  tx: Tx,
  held: OrderRow,
  details: AwaitedDetails,
): Promise<OrderRow> {
  const confirmBy = emailConfirmDeadline(ctx.now())
  const confirmToken = randomBytes(18).toString('base64url')
  const [order] = await tx
    .update(ticketOrders)
    .set({
      buyerName: details.buyerName,
      payment: details.payment,
      attendeeNames: details.attendeeNames,
      payBy: confirmBy,
      claimToken: null,
      confirmToken,
    })
    .where(eq(ticketOrders.id, held.id))
    .returning()
  await scheduleRelease(ctx, tx, held.id, confirmBy)
  const link = `${ctx.services.config.appUrl}/tickets/confirm/${confirmToken}`
  const price = order!.amountPence === 0 ? 'free' : formatPence(order!.amountPence)
  const where = await whenAndWhereLines(ctx, tx, held.eventId)
  await ctx.services.mailer.queue(
    {
      to: order!.email,
      subject: `Confirm your tickets for ${details.eventTitle}`,
      template: 'tickets.confirmOrder',
      text: [
        mailGreeting(details.buyerName),
        '',
        `To confirm your order of ${details.what} for ${details.eventTitle} (${price}, reference ${order!.reference}), open this link within ${EMAIL_CONFIRM_WAIT}, by ${await mailMoment(ctx, tx, confirmBy)}:`,
        '',
        link,
        '',
        ...where,
        '',
        `The tickets are kept for you until then and sent as soon as you confirm. If the link is not used in time, the order lapses and the tickets go back on sale.`,
        `If you did not order these tickets, ignore this email: nothing is bought.`,
      ].join('\n'),
    },
    tx,
  )
  await auditChange(tx, ctx, {
    action: 'tickets.awaitEmail',
    entityType: 'ticket_order',
    entityId: held.id,
    after: { quantity: order!.quantity, until: confirmBy },
  })
  return order!
}
