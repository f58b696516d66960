import { describe, expect, it } from 'vitest'
import type { TicketMode } from './tickets.ts'
import { typeEditRefusals, typeRemovalRefusal, type TypeUsage } from './type-edit.ts'

const adult: { name: string; pricePence: number; quota: number; mode: TicketMode } = {
  name: 'Adult',
  pricePence: 1000,
  quota: 50,
  mode: 'FIRST_COME',
}
const none: TypeUsage = { sold: 0, held: 0, requests: 0, cancelledOrders: 0 }
const paths = (next: Partial<typeof adult>, usage: TypeUsage) =>
  typeEditRefusals(adult, { ...adult, ...next }, usage).map((r) => r.path)

describe('editing a ticket type', () => {
  it.each([
    ['anything, before a sale', { quota: 1, pricePence: 0, mode: 'BALLOT' as const }, none, []],
    [
      'the quota down to what is given out',
      { quota: 7 },
      { sold: 5, held: 2, requests: 0, cancelledOrders: 0 },
      [],
    ],
    [
      'the quota below sold and held',
      { quota: 6 },
      { sold: 5, held: 2, requests: 0, cancelledOrders: 0 },
      ['quota'],
    ],
    [
      'the price once one is held',
      { pricePence: 1200 },
      { sold: 0, held: 1, requests: 0, cancelledOrders: 0 },
      ['pricePence'],
    ],
    [
      'the price once one is sold',
      { pricePence: 1200 },
      { sold: 1, held: 0, requests: 0, cancelledOrders: 0 },
      ['pricePence'],
    ],
    [
      'the price kept, quota raised',
      { quota: 80 },
      { sold: 40, held: 0, requests: 0, cancelledOrders: 0 },
      [],
    ],
    [
      'the mode once one is sold',
      { mode: 'BALLOT' as const },
      { sold: 1, held: 0, requests: 0, cancelledOrders: 0 },
      ['mode'],
    ],
    [
      'the mode once the ballot has requests',
      { mode: 'BALLOT' as const },
      { sold: 0, held: 0, requests: 3, cancelledOrders: 0 },
      ['mode'],
    ],
    [
      'everything at once',
      { quota: 1, pricePence: 1, mode: 'BALLOT' as const },
      { sold: 2, held: 0, requests: 0, cancelledOrders: 0 },
      ['quota', 'pricePence', 'mode'],
    ],
  ])('%s', (_label, next, usage, expected) => {
    expect(paths(next, usage)).toEqual(expected)
  })

  it('says what blocks the change, with a code', () => {
    const [refusal] = typeEditRefusals(
      adult,
      { ...adult, quota: 3 },
      { sold: 4, held: 1, requests: 0, cancelledOrders: 0 },
    )
    expect(refusal).toEqual({
      code: 'CONFLICT',
      path: 'quota',
      message: '5 Adult tickets are sold or held; the quota cannot be less.',
    })
  })
})

describe('removing a ticket type', () => {
  it('is allowed only when nothing was sold, held or requested', () => {
    expect(typeRemovalRefusal('Adult', none)).toBeNull()
    expect(typeRemovalRefusal('Adult', { sold: 0, held: 1, requests: 0, cancelledOrders: 0 })).toMatch(
      /1 ticket is sold/,
    )
    expect(typeRemovalRefusal('Adult', { sold: 2, held: 0, requests: 1, cancelledOrders: 0 })).toMatch(
      /Close its sale instead/,
    )
    expect(typeRemovalRefusal('Adult', { ...none, cancelledOrders: 1 })).toMatch(/cancelled orders/)
  })
})
