import { seatKey } from './seating.ts'

export interface TableTicket {
  id: string
  orderId: string
  /** The ballot group the ticket's order was drawn in, if any: the group sits together. */
  groupId: string | null
  /** Earlier ranks sit at lower tables (the server gives the draw position, then the order's time). */
  rank: number
  /** A seat or table already given: kept as it is. */
  seat: string | null
}

export interface TablePlan {
  /** The tickets given a table now, in seating order. */
  assignments: { ticketId: string; table: string }[]
  /** The highest numbered table in use afterwards. */
  tables: number
}

const NUMBERED = /^[1-9]\d*$/

/**
 * Seat the unseated tickets at numbered tables of `tableSize` ("1", "2", …), keeping every existing
 * assignment. A unit is a ballot group (all its orders) or else one order; units go in rank order
 * (ties by ticket id, so the input order never matters). A unit whose members already sit somewhere
 * joins them if that table has room for all of it; otherwise a unit that fits one table takes the
 * lowest numbered table with room for all of it (never split), and a larger unit takes the first run
 * of consecutive empty tables, full ones first. Labels that are not numbers (a "Top" table) are only
 * ever used by their own unit's members. Deterministic: the same tickets give the same plan.
 */
export function seatAtTables(tickets: readonly TableTicket[], tableSize: number): TablePlan {
  if (!Number.isInteger(tableSize) || tableSize < 1)
    throw new RangeError('tableSize must be a positive integer')
  const sorted = [...tickets].sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const held = new Map<string, number>()
  for (const t of sorted) if (t.seat) held.set(seatKey(t.seat), (held.get(seatKey(t.seat)) ?? 0) + 1)
  const free = (label: string) => tableSize - (held.get(seatKey(label)) ?? 0)
  const units = new Map<string, TableTicket[]>()
  for (const t of sorted) {
    const key = t.groupId ? `g:${t.groupId}` : `o:${t.orderId}`
    units.set(key, [...(units.get(key) ?? []), t])
  }
  const assignments: TablePlan['assignments'] = []
  const give = (list: TableTicket[], table: string) => {
    for (const t of list) assignments.push({ ticketId: t.id, table })
    held.set(seatKey(table), (held.get(seatKey(table)) ?? 0) + list.length)
  }
  for (const unit of units.values()) {
    const waiting = unit.filter((t) => !t.seat)
    if (waiting.length === 0) continue
    const mates = matesTables(unit)
    const join = mates.find((label) => free(label) >= waiting.length)
    if (join) {
      give(waiting, join)
      continue
    }
    if (waiting.length <= tableSize) {
      let n = 1
      while (free(String(n)) < waiting.length) n++
      give(waiting, String(n))
      continue
    }
    const run = Math.ceil(waiting.length / tableSize)
    let first = 1
    while (!Array.from({ length: run }, (_, i) => free(String(first + i)) === tableSize).every(Boolean))
      first++
    for (let i = 0; i < run; i++) give(waiting.slice(i * tableSize, (i + 1) * tableSize), String(first + i))
  }
  const numbers = [...held.entries()].filter(([k, n]) => n > 0 && NUMBERED.test(k)).map(([k]) => Number(k))
  return { assignments, tables: numbers.length ? Math.max(...numbers) : 0 }
}

/** The tables a unit's seated members sit at, most members first, then by label. */
function matesTables(unit: TableTicket[]): string[] {
  const counts = new Map<string, { label: string; n: number }>()
  for (const t of unit) {
    if (!t.seat) continue
    const entry = counts.get(seatKey(t.seat)) ?? { label: t.seat, n: 0 }
    entry.n += 1
    counts.set(seatKey(t.seat), entry)
  }
  return [...counts.values()]
    .sort((a, b) => b.n - a.n || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
    .map((c) => c.label)
}
