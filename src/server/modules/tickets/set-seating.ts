import { eq } from 'drizzle-orm'
import { seatingRefusal, seatingSchema, type Seating, type SeatingMode } from '#core/tickets/seating.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { ticketSales } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import { eventSeating, liveSeating } from './seating.queries.ts'

/**
 * Choose how an event is seated (superAdmin, ticketAdmin): numbered SEATS or TABLES of a size.
 * Refused (VALIDATION) when the tickets already seated do not fit it: a label on two tickets under
 * SEATS, more at a table than the size. Audited.
 */
export async function setSeating(
  ctx: RequestContext,
  input: { eventSlug: string; mode: SeatingMode; tableSize?: number | null },
): Promise<Seating> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const parsed = seatingSchema.safeParse({ mode: input.mode, tableSize: input.tableSize ?? null })
  if (!parsed.success) throw validationError(parsed.error.issues)
  const seating: Seating = parsed.data
  return withTx(ctx, async (tx) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx })
    const before = await eventSeating(tx, event.id, { lock: true })
    const live = await liveSeating(tx, event.id, seating)
    const refusal = seatingRefusal(
      seating,
      live.map((t) => t.seat),
    )
    if (refusal) throw validationError([{ path: ['mode'], message: refusal }])
    await tx
      .update(ticketSales)
      .set({ seating: seating.mode, tableSize: seating.tableSize })
      .where(eq(ticketSales.eventId, event.id))
    await auditChange(tx, ctx, {
      action: 'tickets.setSeating',
      entityType: 'event',
      entityId: event.id,
      before,
      after: seating,
    })
    return seating
  })
}
