import { describe, expect, it } from 'vitest'
import { ballotUnits, drawBallot, type BallotEntry } from './ballot.ts'

const entry = (id: string, quantity: number, groupId: string | null = null, priority = 2): BallotEntry => ({
  id,
  quantity,
  groupId,
  priority,
})

describe('drawBallot', () => {
  const entries = [
    entry('a', 2),
    entry('b', 2),
    entry('c', 1, 'g1'),
    entry('d', 2, 'g1'),
    entry('e', 1),
    entry('f', 3),
    entry('p', 2, null, 0),
  ]

  it.each([
    ['enough for everyone', 100, 13, 0],
    ['nothing to give', 0, 0, 7 - 1],
  ])('%s', (_label, supply, allocated, waiting) => {
    const r = drawBallot(entries, supply, 'seed')
    expect(r.allocated).toBe(allocated)
    expect(r.waitlist.length).toBe(waiting)
  })

  it('the same seed gives the same draw, whatever the input order', () => {
    const one = drawBallot(entries, 6, 'winter-2025')
    const two = drawBallot([...entries].reverse(), 6, 'winter-2025')
    expect(two.order.map((u) => u.key)).toEqual(one.order.map((u) => u.key))
    expect(two.winners).toEqual(one.winners)
  })

  it('different seeds give different orders', () => {
    const orders = new Set(
      ['s1', 's2', 's3', 's4', 's5', 's6'].map((s) =>
        drawBallot(entries, 6, s)
          .order.map((u) => u.key)
          .join(),
      ),
    )
    expect(orders.size).toBeGreaterThan(1)
  })

  it('priority draws first; a group is never split; never more than the supply', () => {
    for (const seed of ['x', 'y', 'z', 'w']) {
      const r = drawBallot(entries, 4, seed)
      expect(r.order[0]!.key).toBe('p')
      expect(r.allocated).toBeLessThanOrEqual(4)
      const won = r.winners.flatMap((u) => u.entryIds)
      expect(won.includes('c')).toBe(won.includes('d'))
      expect(r.winners.reduce((s, u) => s + u.quantity, 0)).toBe(r.allocated)
    }
  })

  it('a unit that does not fit waits while a smaller one after it still wins', () => {
    const r = drawBallot([entry('big', 5, null, 0), entry('small', 1, null, 1)], 3, 'k')
    expect(r.waitlist.map((u) => u.key)).toEqual(['big'])
    expect(r.winners.map((u) => u.key)).toEqual(['small'])
  })
})

describe('ballotUnits', () => {
  it('joins a group into one unit with its best priority', () => {
    const units = ballotUnits([entry('a', 1, 'g', 2), entry('b', 2, 'g', 0), entry('c', 1)])
    expect(units).toEqual([
      { key: 'c', entryIds: ['c'], quantity: 1, priority: 2 },
      { key: 'g', entryIds: ['a', 'b'], quantity: 3, priority: 0 },
    ])
  })
})
