import { and, eq, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { ticketQuantityRefusal, ticketsLeft } from '#core/tickets/tickets.ts'
import { refusalError } from './ticket-checks.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { ticketSales, ticketTypes, ticketWaitlist } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authenticate } from '#server/modules/shared/guards.ts'

/** Join the waitlist of a sold-out type (signed in, once); returns the position. */
export async function joinWaitlist(
  ctx: RequestContext,
  input: { eventSlug: string; ticketTypeId: string; quantity: number },
): Promise<number> {
  const viewer = authenticate(ctx.actor)
  return withTx(ctx, async (tx) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx })
    const [type] = await tx
      .select()
      .from(ticketTypes)
      .where(and(eq(ticketTypes.id, input.ticketTypeId), eq(ticketTypes.eventId, event.id)))
      .for('update')
    const [sale] = await tx.select().from(ticketSales).where(eq(ticketSales.eventId, event.id))
    if (!type || !sale?.published) throw new AppError('NOT_FOUND', 'That ticket type is not on sale.')
    const tooMany = ticketQuantityRefusal(type, input.quantity, 0, 'wait')
    if (tooMany) throw refusalError(tooMany)
    if (ticketsLeft(type, sale.capacity - sale.taken) > 0) {
      throw new AppError('CONFLICT', `${type.name} tickets are still on sale: buy them instead.`)
    }
    const entries = await tx.select().from(ticketWaitlist).where(eq(ticketWaitlist.ticketTypeId, type.id))
    if (entries.some((e) => e.userId === viewer.id && e.status === 'WAITING')) {
      throw new AppError('CONFLICT', 'You are on this waitlist already.')
    }
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${ticketWaitlist.position}), 0)::int` })
      .from(ticketWaitlist)
      .where(eq(ticketWaitlist.ticketTypeId, type.id))
    const position = Number(last?.n ?? 0) + 1
    const [row] = await tx
      .insert(ticketWaitlist)
      .values({
        ticketTypeId: type.id,
        userId: viewer.id,
        email: viewer.email,
        name: viewer.name,
        quantity: input.quantity,
        position,
        createdAt: ctx.now(),
      })
      .returning()
    await auditChange(tx, ctx, {
      action: 'tickets.waitlist',
      entityType: 'ticket_waitlist',
      entityId: row!.id,
    })
    return entries.filter((e) => e.status === 'WAITING').length + 1
  })
}
