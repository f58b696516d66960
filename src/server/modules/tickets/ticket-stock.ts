import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { ticketSales, ticketTypes } from '#server/db/schema/index.ts'

/**
 * Take `quantity` tickets of a type and of the event's capacity with two conditional updates: each
 * succeeds only while enough are left, and holds the row until commit, so concurrent checkouts
 * queue on it and the last ticket goes to exactly one of them. Returns false when one did not fit.
 */
export async function takeStock(tx: Tx, eventId: string, typeId: string, quantity: number): Promise<boolean> {
  const typeRows = await tx
    .update(ticketTypes)
    .set({ taken: sql`${ticketTypes.taken} + ${quantity}` })
    .where(and(eq(ticketTypes.id, typeId), sql`${ticketTypes.taken} + ${quantity} <= ${ticketTypes.quota}`))
    .returning({ id: ticketTypes.id })
  if (typeRows.length === 0) return false
  const saleRows = await tx
    .update(ticketSales)
    .set({ taken: sql`${ticketSales.taken} + ${quantity}` })
    .where(
      and(
        eq(ticketSales.eventId, eventId),
        sql`${ticketSales.taken} + ${quantity} <= ${ticketSales.capacity}`,
      ),
    )
    .returning({ id: ticketSales.eventId })
  return saleRows.length > 0
}

/** Give tickets back to the type and the event (a cancellation, a lapsed offer). */
export async function returnStock(tx: Tx, eventId: string, typeId: string, quantity: number): Promise<void> {
  await tx
    .update(ticketTypes)
    .set({ taken: sql`greatest(${ticketTypes.taken} - ${quantity}, 0)` })
    .where(eq(ticketTypes.id, typeId))
  await tx
    .update(ticketSales)
    .set({ taken: sql`greatest(${ticketSales.taken} - ${quantity}, 0)` })
    .where(eq(ticketSales.eventId, eventId))
}
