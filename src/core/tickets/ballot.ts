// The ballot draw: seeded, reproducible, priorities by rule, groups drawn whole or not at all.

export interface BallotEntry {
  id: string
  quantity: number
  /** Entries sharing a group id are drawn together, as one unit, or not at all. */
  groupId: string | null
  /** Lower draws first (0: participants, 1: members, 2: everyone else). */
  priority: number
}

export interface BallotUnit {
  /** The group id, or the entry id of a request without a group. */
  key: string
  entryIds: string[]
  quantity: number
  priority: number
}

export interface DrawResult {
  seed: string
  /** Every unit in draw order (priority, then the seeded shuffle). */
  order: BallotUnit[]
  winners: BallotUnit[]
  /** Units that did not fit, in draw order: the waitlist. */
  waitlist: BallotUnit[]
  allocated: number
}

/** A 32-bit hash of the seed text (FNV-1a), the PRNG's starting state. */
function hashSeed(seed: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: small, fast, and the same on every machine for the same seed. */
export function seededRandom(seed: string): () => number {
  let a = hashSeed(seed)
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Entries gathered into units: a group is one unit with the group's best (lowest) priority. */
export function ballotUnits(entries: readonly BallotEntry[]): BallotUnit[] {
  const units = new Map<string, BallotUnit>()
  // Sorted by id first so that the input order (a database's whim) never changes the draw.
  for (const e of [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const key = e.groupId ?? e.id
    const unit = units.get(key)
    if (unit) {
      unit.entryIds.push(e.id)
      unit.quantity += e.quantity
      unit.priority = Math.min(unit.priority, e.priority)
    } else {
      units.set(key, { key, entryIds: [e.id], quantity: e.quantity, priority: e.priority })
    }
  }
  return [...units.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

/**
 * Draw `supply` tickets among the entries. Units are shuffled with the seed (Fisher–Yates), then
 * ordered by priority (stable, so the shuffle decides within a tier); each unit in turn wins if its
 * whole quantity still fits, else it goes to the waitlist (a group is never split) and the draw
 * carries on with smaller units. The same entries and seed always give the same result.
 */
export function drawBallot(entries: readonly BallotEntry[], supply: number, seed: string): DrawResult {
  const random = seededRandom(seed)
  const units = ballotUnits(entries)
  for (let i = units.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[units[i], units[j]] = [units[j]!, units[i]!]
  }
  const order = units
    .map((u, i) => ({ u, i }))
    .sort((a, b) => a.u.priority - b.u.priority || a.i - b.i)
    .map(({ u }) => u)
  let left = Math.max(0, supply)
  const winners: BallotUnit[] = []
  const waitlist: BallotUnit[] = []
  for (const unit of order) {
    if (unit.quantity <= left) {
      winners.push(unit)
      left -= unit.quantity
    } else {
      waitlist.push(unit)
    }
  }
  return { seed, order, winners, waitlist, allocated: Math.max(0, supply) - left }
}
