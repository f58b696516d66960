import { asc, eq, inArray } from 'drizzle-orm'
import type { EventConfig } from '#core/events/event-config.schemas.ts'
import type { Db } from '#server/db/client.ts'
import { eventNumbers, partBreakdownCells } from '#server/db/schema/index.ts'
import type { EventRow } from '#server/modules/events/find-visible-event.ts'

export interface BreakdownNumber {
  id: string
  position: number
  label: string
  title: string
}

export interface BreakdownCell {
  numberId: string
  part: string
  note: string
}

/** Numbers × parts with notes, flat: `numbers`, and `cells` naming their number. */
export interface PartBreakdown {
  eventSlug: string
  eventTitle: string
  parts: string[]
  numbers: BreakdownNumber[]
  cells: BreakdownCell[]
  ownPart: string | null
}

/** The event's numbers in running order, and every cell of them. */
export async function numbersWithCells(db: Db, eventId: string) {
  const numbers = await db
    .select()
    .from(eventNumbers)
    .where(eq(eventNumbers.eventId, eventId))
    .orderBy(asc(eventNumbers.position))
  const cells = numbers.length
    ? await db
        .select()
        .from(partBreakdownCells)
        .where(
          inArray(
            partBreakdownCells.numberId,
            numbers.map((n) => n.id),
          ),
        )
    : []
  return { numbers, cells }
}

/** The part breakdown of an event: cells in running order, then in the order of the event's parts. */
export async function partBreakdownOf(
  db: Db,
  event: EventRow,
  config: EventConfig,
  ownPart: string | null,
): Promise<PartBreakdown> {
  const { numbers, cells } = await numbersWithCells(db, event.id)
  const order = new Map(config.parts.map((p, i) => [p, i]))
  const row = new Map(numbers.map((n, i) => [n.id, i]))
  return {
    eventSlug: event.slug,
    eventTitle: event.title,
    parts: config.parts,
    ownPart,
    numbers: numbers.map((n) => ({ id: n.id, position: n.position, label: n.label, title: n.title })),
    cells: cells
      .sort(
        (a, b) =>
          row.get(a.numberId)! - row.get(b.numberId)! ||
          (order.get(a.part) ?? 999) - (order.get(b.part) ?? 999),
      )
      .map((c) => ({ numberId: c.numberId, part: c.part, note: c.note })),
  }
}

/** The breakdown as its audit entries record it: each number with its notes by part. */
export async function breakdownSnapshot(db: Db, eventId: string) {
  const { numbers, cells } = await numbersWithCells(db, eventId)
  return numbers.map((n) => ({
    id: n.id,
    label: n.label,
    title: n.title,
    cells: Object.fromEntries(cells.filter((c) => c.numberId === n.id).map((c) => [c.part, c.note])),
  }))
}
