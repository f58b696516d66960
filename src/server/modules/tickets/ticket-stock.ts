import { and, eq, sql } from 'drizzle-orm'
import { executeRows, type Tx } from '#server/db/client.ts'
import { ticketSales, ticketTypes } from '#server/db/schema/index.ts'
import { stockGivenBack } from './sold-out.ts'

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
  stockGivenBack()
  await tx
    .update(ticketTypes)
    .set({ taken: sql`greatest(${ticketTypes.taken} - ${quantity}, 0)` })
    .where(eq(ticketTypes.id, typeId))
  await tx
    .update(ticketSales)
    .set({ taken: sql`greatest(${ticketSales.taken} - ${quantity}, 0)` })
    .where(eq(ticketSales.eventId, eventId))
}

/**
 * Move several types' stock at once (a basket's hold, a hold replaced by the buyer's next one, an
 * order released): `delta` > 0 takes, < 0 gives back. Every type row is updated in id order, then the
 * event's row once with the net, so two baskets of overlapping types always lock in the same order
 * and never deadlock. A take succeeds only while enough are left (the conditional update); when one
 * does not fit the answer names the type (empty: the event's capacity) and the caller throws, rolling
 * the transaction back.
 */
export async function moveStock(
  tx: Tx,
  eventId: string,
  changes: readonly { typeId: string; delta: number }[],
): Promise<{ ok: true } | { ok: false; typeId: string }> {
  const net = new Map<string, number>()
  for (const c of changes) net.set(c.typeId, (net.get(c.typeId) ?? 0) + c.delta)
  // NOTE: in the transaction, not after its commit: a read racing the commit may still remember
  // "sold out", for SOLD_OUT_SEEN_MS at most, as a give-back by another process is (decision 0055).
  if (changes.some((c) => c.delta < 0)) stockGivenBack()
  const only = net.size === 1 ? [...net][0]! : null
  if (only && only[1] > 0) return takeOneType(tx, eventId, only[0], only[1])
  let total = 0
  for (const typeId of [...net.keys()].sort()) {
    const delta = net.get(typeId)!
    total += delta
    if (delta > 0) {
      const rows = await tx
        .update(ticketTypes)
        .set({ taken: sql`${ticketTypes.taken} + ${delta}` })
        .where(and(eq(ticketTypes.id, typeId), sql`${ticketTypes.taken} + ${delta} <= ${ticketTypes.quota}`))
        .returning({ id: ticketTypes.id })
      if (rows.length === 0) return { ok: false, typeId }
    } else if (delta < 0) {
      await tx
        .update(ticketTypes)
        .set({ taken: sql`greatest(${ticketTypes.taken} + ${delta}, 0)` })
        .where(eq(ticketTypes.id, typeId))
    }
  }
  if (total > 0) {
    const rows = await tx
      .update(ticketSales)
      .set({ taken: sql`${ticketSales.taken} + ${total}` })
      .where(
        and(
          eq(ticketSales.eventId, eventId),
          sql`${ticketSales.taken} + ${total} <= ${ticketSales.capacity}`,
        ),
      )
      .returning({ id: ticketSales.eventId })
    if (rows.length === 0) return { ok: false, typeId: '' }
  } else if (total < 0) {
    await tx
      .update(ticketSales)
      .set({ taken: sql`greatest(${ticketSales.taken} + ${total}, 0)` })
      .where(eq(ticketSales.eventId, eventId))
  }
  return { ok: true }
}

/**
 * One type taken (a rush's basket): the type's and the event's conditional updates in one statement,
 * so the rows are locked one round trip before the commit instead of two (decision 0055). The event's
 * update reads the type's result, so the type's row is always locked first, as in `moveStock`.
 */
async function takeOneType(
  tx: Tx,
  eventId: string,
  typeId: string,
  quantity: number,
): Promise<{ ok: true } | { ok: false; typeId: string }> {
  const [row] = await executeRows<{ type_ok: boolean; sale_ok: boolean }>(
    tx,
    sql`with t as (
        update ${ticketTypes} set taken = taken + ${quantity}
        where id = ${typeId} and taken + ${quantity} <= quota
        returning id
      ), s as (
        update ${ticketSales} set taken = taken + ${quantity}
        where event_id = ${eventId} and taken + ${quantity} <= capacity and exists (select 1 from t)
        returning event_id
      )
      select exists (select 1 from t) as type_ok, exists (select 1 from s) as sale_ok`,
  )
  if (!row?.type_ok) return { ok: false, typeId }
  if (!row.sale_ok) return { ok: false, typeId: '' }
  return { ok: true }
}
