import { z } from 'zod'

// Seats and tables (issue 14: ballot groups are "seated together"; My tickets shows "seat or table if
// assigned"). An event is seated one way: numbered SEATS (a label belongs to one live ticket) or
// TABLES of N (a label holds at most N live tickets). The server checks these on the event's
// locked sale row; the page shows the same words.

export const SEATING_MODES = ['SEATS', 'TABLES'] as const
export type SeatingMode = (typeof SEATING_MODES)[number]

export const SEAT_LABEL_MAX = 20
export const TABLE_SIZE_MIN = 2
export const TABLE_SIZE_MAX = 30

export interface Seating {
  mode: SeatingMode
  /** Most tickets at one table (TABLES only). */
  tableSize: number | null
}

export const tableSizeSchema = z
  .number()
  .int('A table size is a whole number.')
  .min(TABLE_SIZE_MIN, `A table seats at least ${TABLE_SIZE_MIN}.`)
  .max(TABLE_SIZE_MAX, `A table seats at most ${TABLE_SIZE_MAX}.`)

export const seatingSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('SEATS'), tableSize: z.null().default(null) }),
  z.object({ mode: z.literal('TABLES'), tableSize: tableSizeSchema }),
])

const PREFIX: Record<SeatingMode, RegExp> = { SEATS: /^seat\s+/i, TABLES: /^table\s+/i }
const WORD: Record<SeatingMode, string> = { SEATS: 'Seat', TABLES: 'Table' }

/**
 * A typed seat or table as stored: trimmed, inner spaces collapsed, the mode's own word dropped
 * ("Table 3" and "3" are the same table); empty means no seat. At most SEAT_LABEL_MAX characters.
 */
export function normalizeSeatLabel(
  raw: string | null | undefined,
  mode: SeatingMode,
): { ok: true; label: string | null } | { ok: false; message: string } {
  const trimmed = (raw ?? '').trim().replace(/\s+/g, ' ')
  if (trimmed.length > SEAT_LABEL_MAX) {
    return { ok: false, message: `A seat or table is at most ${SEAT_LABEL_MAX} characters.` }
  }
  const label = trimmed.replace(PREFIX[mode], '')
  return { ok: true, label: label === '' ? null : label }
}

/** Labels compare without case: "a12" is seat A12. */
export const seatKey = (label: string): string => label.toLowerCase()

/** What the ticket, the door and the PDF say: "Table 3", "Seat A12"; null when unassigned. */
export function seatText(seating: Pick<Seating, 'mode'>, label: string | null): string | null {
  return label ? `${WORD[seating.mode]} ${label}` : null
}

/** How many live tickets each label holds (by seatKey), with the label as first written. */
export function seatCounts(labels: (string | null)[]): Map<string, { label: string; count: number }> {
  const counts = new Map<string, { label: string; count: number }>()
  for (const label of labels) {
    if (!label) continue
    const entry = counts.get(seatKey(label)) ?? { label, count: 0 }
    entry.count += 1
    counts.set(seatKey(label), entry)
  }
  return counts
}

/** Most tickets one label may hold in this seating. */
export const labelCapacity = (seating: Seating): number =>
  seating.mode === 'SEATS' ? 1 : (seating.tableSize ?? 1)

/**
 * Why `label` may not be given to one more ticket, given the labels of the event's other live
 * tickets (not this one), or null when it may.
 */
export function seatRefusal(seating: Seating, label: string, others: (string | null)[]): string | null {
  const held = seatCounts(others).get(seatKey(label))
  if ((held?.count ?? 0) < labelCapacity(seating)) return null
  // Named as it was first written ("a1" asked for, "A1" held).
  const name = held?.label ?? label
  return seating.mode === 'SEATS'
    ? `Seat ${name} is already given to another ticket.`
    : `Table ${name} is full (${seating.tableSize} seats).`
}

/** Why the event's live tickets cannot be seated this way (a switch of mode or size), or null. */
export function seatingRefusal(seating: Seating, labels: (string | null)[]): string | null {
  const capacity = labelCapacity(seating)
  const over = [...seatCounts(labels).values()].find((c) => c.count > capacity)
  if (!over) return null
  return seating.mode === 'SEATS'
    ? `${over.label} is given to ${over.count} tickets; numbered seats need one each.`
    : `${over.label} holds ${over.count} tickets, more than tables of ${capacity}.`
}
