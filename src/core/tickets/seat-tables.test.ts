import { describe, expect, it } from 'vitest'
import { seatAtTables, type TableTicket } from './seat-tables.ts'

/** `count` tickets of one order (optionally in a ballot group) at one rank. */
function order(orderId: string, count: number, rank: number, groupId: string | null = null): TableTicket[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${orderId}-${i}`,
    orderId,
    groupId,
    rank,
    seat: null,
  }))
}

/** Table label of every ticket after the plan (existing seats included). */
function tablesOf(tickets: TableTicket[], size: number): Map<string, string | null> {
  const plan = seatAtTables(tickets, size)
  const seats = new Map(tickets.map((t) => [t.id, t.seat]))
  for (const a of plan.assignments) seats.set(a.ticketId, a.table)
  return seats
}

function occupancy(seats: Map<string, string | null>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const s of seats.values()) if (s) counts.set(s, (counts.get(s) ?? 0) + 1)
  return counts
}

describe('seatAtTables', () => {
  it('fills tables in rank order and never seats more than N at a table', () => {
    const tickets = [...order('a', 3, 1), ...order('b', 4, 2), ...order('c', 2, 3), ...order('d', 1, 4)]
    const plan = seatAtTables(tickets, 8)
    const seats = tablesOf(tickets, 8)
    expect(seats.get('a-0')).toBe('1')
    expect(seats.get('b-3')).toBe('1')
    // c (2) no longer fits table 1 (7 of 8), so it starts table 2; d (1) fills table 1's gap.
    expect(seats.get('c-0')).toBe('2')
    expect(seats.get('d-0')).toBe('1')
    expect(plan.tables).toBe(2)
    for (const n of occupancy(seats).values()) expect(n).toBeLessThanOrEqual(8)
  })

  it('keeps a ballot group (several orders) and an order at one table when it fits', () => {
    const tickets = [
      ...order('x', 5, 1),
      ...order('g1', 2, 2, 'group'),
      ...order('solo', 2, 3),
      ...order('g2', 3, 4, 'group'),
    ]
    const seats = tablesOf(tickets, 8)
    const groupTables = new Set(['g1-0', 'g1-1', 'g2-0', 'g2-1', 'g2-2'].map((id) => seats.get(id)))
    expect(groupTables.size).toBe(1)
    // The group (5) does not fit beside x (5 of 8), so it takes table 2 whole; solo fills table 1.
    expect([...groupTables][0]).toBe('2')
    expect(seats.get('solo-0')).toBe('1')
    expect(seats.get('solo-1')).toBe('1')
  })

  it('gives a group larger than N consecutive empty tables, full ones first', () => {
    const tickets = [...order('a', 2, 1), ...order('big', 9, 2, 'g'), ...order('z', 6, 3)]
    const seats = tablesOf(tickets, 4)
    const big = Array.from({ length: 9 }, (_, i) => seats.get(`big-${i}`))
    expect(big).toEqual(['2', '2', '2', '2', '3', '3', '3', '3', '4'])
    expect(occupancy(seats).get('1')).toBe(2)
    for (const n of occupancy(seats).values()) expect(n).toBeLessThanOrEqual(4)
  })

  it('keeps existing assignments, counts them against the table and seats mates with them', () => {
    const tickets = [
      ...order('a', 3, 1).map((t) => ({ ...t, seat: '1' })),
      ...order('b', 3, 2).map((t, i) => ({ ...t, seat: i === 0 ? 'Top' : null })),
      ...order('c', 6, 3),
    ]
    const plan = seatAtTables(tickets, 8)
    expect(plan.assignments.map((a) => a.ticketId)).not.toContain('a-0')
    const seats = tablesOf(tickets, 8)
    expect(seats.get('a-0')).toBe('1')
    expect(seats.get('b-1')).toBe('Top')
    expect(seats.get('b-2')).toBe('Top')
    // c (6) does not fit beside a (3 of 8): table 2.
    expect(seats.get('c-5')).toBe('2')
  })

  it('is deterministic and independent of the input order', () => {
    const tickets = [
      ...order('a', 3, 5),
      ...order('b', 4, 2, 'g'),
      ...order('c', 2, 2, 'g'),
      ...order('d', 7, 1),
      ...order('e', 1, 9),
    ]
    const first = seatAtTables(tickets, 6)
    expect(seatAtTables([...tickets].reverse(), 6)).toEqual(first)
    expect(seatAtTables(tickets, 6)).toEqual(first)
  })

  it('seats everyone unseated exactly once', () => {
    const tickets = Array.from({ length: 40 }, (_, i) =>
      order(`o${i}`, 1 + (i % 4), i, i % 5 === 0 ? `g${i % 3}` : null),
    ).flat()
    const plan = seatAtTables(tickets, 10)
    expect(plan.assignments).toHaveLength(tickets.length)
    expect(new Set(plan.assignments.map((a) => a.ticketId)).size).toBe(tickets.length)
    for (const n of occupancy(tablesOf(tickets, 10)).values()) expect(n).toBeLessThanOrEqual(10)
  })

  it('refuses a table size that is not a positive whole number', () => {
    expect(() => seatAtTables([], 0)).toThrow(RangeError)
  })
})
