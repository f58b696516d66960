import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { drawBallot, type DrawResult } from '#core/tickets/ballot.ts'
import { BALLOT_OFFER_DAYS, WAITLIST_OFFER_HOURS, ticketsLeft } from '#core/tickets/tickets.ts'
import { mailGreeting } from '#core/text/mail-text.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { ballotRequests, ticketSales, ticketTypes, ticketWaitlist } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { scheduleRelease } from './held-orders.ts'
import { writeOrder } from './issue-tickets.ts'
import { takeStock } from './ticket-stock.ts'
import { whenAndWhereLines } from './ticket-mail-lines.ts'

const DAY = 86_400_000

/**
 * Draw a ballot (ticketAdmin): every request in, seeded (given, or random and recorded), winners get
 * an order to pay within BALLOT_OFFER_DAYS, everyone else joins the waitlist in draw order. Once only.
 */
export async function runBallotDraw(
  ctx: RequestContext,
  input: { eventSlug: string; ticketTypeId: string; seed?: string | null },
): Promise<DrawResult> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const seed = input.seed?.trim() || randomBytes(8).toString('hex')
  return withTx(ctx, async (tx) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx })
    const [type] = await tx
      .select()
      .from(ticketTypes)
      .where(and(eq(ticketTypes.id, input.ticketTypeId), eq(ticketTypes.eventId, event.id)))
      .for('update')
    if (!type || type.mode !== 'BALLOT') throw new AppError('NOT_FOUND', 'That ballot does not exist.')
    if (type.drawnAt) throw new AppError('CONFLICT', `The ${type.name} ballot was drawn already.`)
    const [sale] = await tx.select().from(ticketSales).where(eq(ticketSales.eventId, event.id)).for('update')
    if (!sale) throw new AppError('NOT_FOUND', 'This event has no ticket sale.')
    const requests = await tx.select().from(ballotRequests).where(eq(ballotRequests.ticketTypeId, type.id))
    const supply = ticketsLeft(type, sale.capacity - sale.taken)
    const result = drawBallot(requests, supply, seed)
    const byId = new Map(requests.map((r) => [r.id, r]))
    if (result.allocated > 0 && !(await takeStock(tx, event.id, type.id, result.allocated))) {
      throw new AppError('CONFLICT', 'The tickets changed during the draw; try again.')
    }
    const payBy = new Date(ctx.now().getTime() + BALLOT_OFFER_DAYS * DAY)
    let position = 0
    for (const unit of result.winners) {
      for (const id of unit.entryIds) {
        const r = byId.get(id)!
        const { order } = await writeOrder(ctx, tx, {
          event,
          lines: [{ type, quantity: r.quantity }],
          userId: r.userId,
          email: r.email,
          buyerName: r.name,
          attendeeNames: Array.from({ length: r.quantity }, (_, i) =>
            i === 0 ? r.name : `${r.name} guest ${i}`,
          ),
          payment: 'BANK_TRANSFER',
          source: 'BALLOT',
          payBy,
        })
        // Unpaid by then, the tickets pass down the waitlist (the release job).
        await scheduleRelease(ctx, tx, order.id, payBy)
        await tx
          .update(ballotRequests)
          .set({ outcome: 'WON', drawPosition: ++position, orderId: order.id })
          .where(eq(ballotRequests.id, id))
      }
    }
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${ticketWaitlist.position}), 0)::int` })
      .from(ticketWaitlist)
      .where(eq(ticketWaitlist.ticketTypeId, type.id))
    let waitPosition = Number(last?.n ?? 0)
    const where = await whenAndWhereLines(ctx, tx, event)
    for (const unit of result.waitlist) {
      for (const id of unit.entryIds) {
        const r = byId.get(id)!
        await tx
          .update(ballotRequests)
          .set({ outcome: 'WAITLIST', drawPosition: ++position })
          .where(eq(ballotRequests.id, id))
        await tx.insert(ticketWaitlist).values({
          ticketTypeId: type.id,
          userId: r.userId,
          email: r.email,
          name: r.name,
          quantity: r.quantity,
          position: ++waitPosition,
          createdAt: ctx.now(),
        })
        // Those not drawn hear so too, and what happens next (issue 27).
        await ctx.services.mailer.queue(
          {
            to: r.email,
            subject: `The ${event.title} ballot: not drawn this time`,
            template: 'tickets.ballotNotDrawn',
            text: [
              mailGreeting(r.name),
              '',
              `The ballot for ${type.name} tickets to ${event.title} has been drawn, and your request for ${r.quantity} ticket${r.quantity === 1 ? ' was' : 's was'} not drawn this time.`,
              `You are on the waiting list, number ${waitPosition} in line: if tickets come back (a winner does not pay, or cancels), they are offered down the list by email, and you will have ${WAITLIST_OFFER_HOURS} hours to claim them.`,
              'There is nothing you need to do now.',
              '',
              ...where,
            ].join('\n'),
          },
          tx,
        )
      }
    }
    await tx
      .update(ticketTypes)
      .set({ ballotSeed: seed, drawnAt: ctx.now() })
      .where(eq(ticketTypes.id, type.id))
    await auditChange(tx, ctx, {
      action: 'tickets.ballotDraw',
      entityType: 'ticket_type',
      entityId: type.id,
      after: { seed, supply, allocated: result.allocated, requests: requests.length },
    })
    return result
  })
}
