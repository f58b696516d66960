import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { ticketOrderLines, ticketOrders, ticketTypes } from '#server/db/schema/index.ts'
import { moveStock } from './ticket-stock.ts'

export type OrderLineRow = typeof ticketOrderLines.$inferSelect
/** A ticket type's row (issue-tickets.ts names it too; written here so the two import one way). */
type TicketTypeRow = typeof ticketTypes.$inferSelect

/** A line with its type: what the checkout, the email and the order page show. */
export interface OrderLine {
  type: TicketTypeRow
  quantity: number
  unitPricePence: number
}

/** An order's lines in the order the buyer chose them, each with its type. */
export async function linesOf(db: Db | Tx, orderId: string): Promise<OrderLine[]> {
  const rows = await db
    .select({ line: ticketOrderLines, type: ticketTypes })
    .from(ticketOrderLines)
    .innerJoin(ticketTypes, eq(ticketTypes.id, ticketOrderLines.ticketTypeId))
    .where(eq(ticketOrderLines.orderId, orderId))
    .orderBy(asc(ticketOrderLines.position), asc(ticketTypes.position))
  return rows.map((r) => ({ type: r.type, quantity: r.line.quantity, unitPricePence: r.line.unitPricePence }))
}

/**
 * The lines of every order of an event, by order id: one query on the event, where the list of
 * every order's id was 500 parameters to build and send (issue 32).
 */
export async function linesOfEventOrders(db: Db | Tx, eventId: string): Promise<Map<string, OrderLine[]>> {
  return byOrder(
    await db
      .select({ line: ticketOrderLines, type: ticketTypes })
      .from(ticketOrderLines)
      .innerJoin(ticketOrders, eq(ticketOrders.id, ticketOrderLines.orderId))
      .innerJoin(ticketTypes, eq(ticketTypes.id, ticketOrderLines.ticketTypeId))
      .where(eq(ticketOrders.eventId, eventId))
      .orderBy(asc(ticketOrderLines.position), asc(ticketTypes.position)),
  )
}

function byOrder(
  rows: readonly { line: typeof ticketOrderLines.$inferSelect; type: TicketTypeRow }[],
): Map<string, OrderLine[]> {
  const lines = new Map<string, OrderLine[]>()
  for (const r of rows) {
    const line = { type: r.type, quantity: r.line.quantity, unitPricePence: r.line.unitPricePence }
    const list = lines.get(r.line.orderId)
    if (list) list.push(line)
    else lines.set(r.line.orderId, [line])
  }
  return lines
}

/** Write an order's lines at the types' prices now. */
export async function writeLines(
  tx: Tx,
  orderId: string,
  lines: readonly { type: TicketTypeRow; quantity: number }[],
): Promise<void> {
  await tx.insert(ticketOrderLines).values(
    lines.map((l, position) => ({
      orderId,
      ticketTypeId: l.type.id,
      quantity: l.quantity,
      unitPricePence: l.type.pricePence,
      position,
    })),
  )
}

/** Give an order's stock back, every line at once (types in id order, then the event). */
export async function returnLinesStock(tx: Tx, eventId: string, lines: readonly OrderLine[]): Promise<void> {
  await moveStock(
    tx,
    eventId,
    lines.map((l) => ({ typeId: l.type.id, delta: -l.quantity })),
  )
}
