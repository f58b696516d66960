import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import { normalizeSeatLabel, seatRefusal, seatText } from '#core/tickets/seating.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { tickets } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { eventSeating, liveSeating, type SeatedTicketView } from './seating.queries.ts'

const noTicket = () => new AppError('NOT_FOUND', 'That ticket does not exist or was cancelled.')

/**
 * Give a live ticket a seat or table, or take it away (`seat` null or blank) (superAdmin,
 * ticketAdmin). Under the event's locked sale row: a numbered seat goes to one live ticket, a table
 * holds at most its size. Audited with the seat before and after.
 */
export async function assignSeat(
  ctx: RequestContext,
  input: { ticketId: string; seat: string | null },
): Promise<SeatedTicketView> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  if (!z.uuid().safeParse(input.ticketId).success) throw noTicket()
  return withTx(ctx, async (tx) => {
    const [found] = await tx.select().from(tickets).where(eq(tickets.id, input.ticketId))
    if (!found || found.status === 'VOID') throw noTicket()
    const seating = await eventSeating(tx, found.eventId, { lock: true })
    const parsed = normalizeSeatLabel(input.seat, seating.mode)
    if (!parsed.ok) throw new AppError('VALIDATION', parsed.message)
    const live = await liveSeating(tx, found.eventId, seating)
    if (parsed.label) {
      const others = live.filter((t) => t.id !== found.id).map((t) => t.seat)
      const refusal = seatRefusal(seating, parsed.label, others)
      if (refusal) throw new AppError('VALIDATION', refusal)
    }
    await tx.update(tickets).set({ seat: parsed.label }).where(eq(tickets.id, found.id))
    await auditChange(tx, ctx, {
      action: 'tickets.assignSeat',
      entityType: 'ticket',
      entityId: found.id,
      before: { seat: found.seat },
      after: { seat: parsed.label },
    })
    const view = live.find((t) => t.id === found.id)
    if (!view) throw noTicket()
    return { ...view, seat: parsed.label, seatText: seatText(seating, parsed.label) }
  })
}
