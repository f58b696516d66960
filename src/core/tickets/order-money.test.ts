import { describe, expect, it } from 'vitest'
import { formatPence } from '#core/money.ts'
import { orderMoney, totalMoney } from './order-money.ts'

describe('an order’s money: sold, paid and outstanding apart', () => {
  it.each([
    [
      'an unpaid £10 order',
      'AWAITING_PAYMENT',
      1000,
      0,
      { soldPence: 1000, paidPence: 0, outstandingPence: 1000 },
    ],
    [
      'part paid',
      'AWAITING_PAYMENT',
      3600,
      1200,
      { soldPence: 3600, paidPence: 1200, outstandingPence: 2400 },
    ],
    ['paid', 'PAID', 2400, 2400, { soldPence: 2400, paidPence: 2400, outstandingPence: 0 }],
    ['free tickets', 'PAID', 0, 0, { soldPence: 0, paidPence: 0, outstandingPence: 0 }],
    ['a checkout still held', 'HELD', 1200, 0, { soldPence: 0, paidPence: 0, outstandingPence: 0 }],
    [
      'cancelled with a refund due',
      'CANCELLED',
      1200,
      1200,
      { soldPence: 0, paidPence: 1200, outstandingPence: 0 },
    ],
  ] as const)('%s', (_name, status, amountPence, paidPence, expected) => {
    expect(orderMoney({ status, amountPence, paidPence })).toEqual(expected)
  })

  it('adds up, and each figure reads as an amount, £0.00 included', () => {
    const total = totalMoney([
      orderMoney({ status: 'AWAITING_PAYMENT', amountPence: 1000, paidPence: 0 }),
      orderMoney({ status: 'PAID', amountPence: 2400, paidPence: 2400 }),
    ])
    expect(total).toEqual({ soldPence: 3400, paidPence: 2400, outstandingPence: 1000 })
    expect(formatPence(totalMoney([]).paidPence)).toBe('£0.00')
  })
})
