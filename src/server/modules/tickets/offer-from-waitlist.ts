import { and, asc, eq } from 'drizzle-orm'
import { ticketsLeft, WAITLIST_OFFER_HOURS } from '#core/tickets/tickets.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { events, ticketSales, ticketTypes, ticketWaitlist } from '#server/db/schema/index.ts'
import { queuePush } from '#server/modules/push/send-push.ts'
import { writeHeldOrder } from './held-orders.ts'
import { takeStock } from './ticket-stock.ts'
import { mailGreeting } from '#core/text/mail-text.ts'
import { mailMoment, whenAndWhereLines } from './ticket-mail-lines.ts'

/**
 * Offer what is left of a type to its waitlist, in position order: each entry whose quantity fits
 * gets a HELD order for WAITLIST_OFFER_HOURS (taken from the stock now, so nobody else can buy it)
 * and an email with the link to claim it; an entry asking for more than is left keeps its place.
 * Called in the transaction that gave tickets back (a lapsed hold, a cancellation, a lapsed ballot
 * offer). Returns how many entries were offered tickets.
 */
export async function offerFromWaitlist(ctx: RequestContext, tx: Tx, typeId: string): Promise<number> {
  const [type] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, typeId)).for('update')
  if (!type) return 0
  const [sale] = await tx.select().from(ticketSales).where(eq(ticketSales.eventId, type.eventId))
  if (!sale) return 0
  let left = ticketsLeft(type, sale.capacity - sale.taken)
  if (left === 0) return 0
  const [event] = await tx.select().from(events).where(eq(events.id, type.eventId))
  if (!event || event.endDate <= ctx.now()) return 0
  const waiting = await tx
    .select()
    .from(ticketWaitlist)
    .where(and(eq(ticketWaitlist.ticketTypeId, type.id), eq(ticketWaitlist.status, 'WAITING')))
    .orderBy(asc(ticketWaitlist.position))
  let offered = 0
  const until = new Date(ctx.now().getTime() + WAITLIST_OFFER_HOURS * 3_600_000)
  for (const entry of waiting) {
    if (left === 0) break
    if (entry.quantity > left) continue
    if (!(await takeStock(tx, type.eventId, type.id, entry.quantity))) break
    left -= entry.quantity
    const order = await writeHeldOrder(ctx, tx, {
      eventId: type.eventId,
      lines: [{ type, quantity: entry.quantity }],
      userId: entry.userId,
      email: entry.email,
      name: entry.name,
      until,
      source: type.mode === 'BALLOT' ? 'BALLOT' : 'SALE',
    })
    await tx
      .update(ticketWaitlist)
      .set({ status: 'OFFERED', orderId: order.id })
      .where(eq(ticketWaitlist.id, entry.id))
    await ctx.services.mailer.queue(
      {
        to: entry.email,
        subject: `Tickets for ${event.title} are yours to claim`,
        template: 'tickets.waitlistOffer',
        text: [
          mailGreeting(entry.name),
          '',
          `${entry.quantity} ${type.name} ${entry.quantity === 1 ? 'ticket has' : 'tickets have'} come back for ${event.title}, and you are next on the waitlist.`,
          ...(await whenAndWhereLines(ctx, tx, event)),
          `They are kept for you until ${await mailMoment(ctx, tx, until)}. Claim them here:`,
          `${ctx.services.config.appUrl}/tickets/claim/${order.claimToken}`,
          '',
          'If you do not claim them by then, they go to the next person waiting.',
        ].join('\n'),
      },
      tx,
    )
    // A member on the waitlist (not a visitor) is also notified where they turned it on.
    if (entry.userId) {
      await queuePush(ctx.services, tx, {
        kind: 'ticketOffers',
        userId: entry.userId,
        message: {
          title: `Tickets for ${event.title} are yours to claim`,
          body: `${entry.quantity} × ${type.name}, kept for you for ${WAITLIST_OFFER_HOURS} hours.`,
          url: `/tickets/claim/${order.claimToken}`,
          tag: `ticket-offer-${order.id}`,
        },
      })
    }
    offered++
  }
  return offered
}
