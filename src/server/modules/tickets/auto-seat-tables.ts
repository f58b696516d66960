import { eq } from 'drizzle-orm'
import { tableSizeSchema, seatingRefusal } from '#core/tickets/seating.ts'
import { seatAtTables } from '#core/tickets/seat-tables.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { tickets, ticketSales } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import { eventSeating, liveSeating } from './seating.queries.ts'

export interface AutoSeatResult {
  /** Tickets given a table now. */
  seated: number
  /** The highest numbered table in use. */
  tables: number
}

/**
 * Seat the event at tables of `tableSize` (superAdmin, ticketAdmin): the event's seating becomes
 * TABLES of that size (refused when a label already holds more), and every unseated live ticket gets
 * a table by `seatAtTables` (ballot groups and orders together, existing seats kept). One
 * transaction under the event's locked sale row; audited with the counts.
 */
export async function autoSeatTables(
  ctx: RequestContext,
  input: { eventSlug: string; tableSize: number },
): Promise<AutoSeatResult> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const size = tableSizeSchema.safeParse(input.tableSize)
  if (!size.success) throw validationError(size.error.issues.map((i) => ({ ...i, path: ['tableSize'] })))
  return withTx(ctx, async (tx) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx })
    const before = await eventSeating(tx, event.id, { lock: true })
    const seating = { mode: 'TABLES', tableSize: size.data } as const
    const live = await liveSeating(tx, event.id, seating)
    const refusal = seatingRefusal(
      seating,
      live.map((t) => t.seat),
    )
    if (refusal) throw validationError([{ path: ['tableSize'], message: refusal }])
    const plan = seatAtTables(live, size.data)
    await tx
      .update(ticketSales)
      .set({ seating: 'TABLES', tableSize: size.data })
      .where(eq(ticketSales.eventId, event.id))
    for (const a of plan.assignments) {
      await tx.update(tickets).set({ seat: a.table }).where(eq(tickets.id, a.ticketId))
    }
    await auditChange(tx, ctx, {
      action: 'tickets.autoSeatTables',
      entityType: 'event',
      entityId: event.id,
      before,
      after: { ...seating, seated: plan.assignments.length, tables: plan.tables },
    })
    return { seated: plan.assignments.length, tables: plan.tables }
  })
}
