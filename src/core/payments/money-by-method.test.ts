import { describe, expect, it } from 'vitest'
import { formatPence } from '#core/money.ts'
import { asPaymentMethod, moneyByMethod, payoutFigures, penceAsDecimal } from './money-by-method.ts'

describe('money by method: received, refunded and net per method', () => {
  it('adds each method apart, refunds by the method they went back by', () => {
    const money = moneyByMethod([
      { method: 'CARD_ONLINE', amountPence: 2500 },
      { method: 'CARD_ONLINE', amountPence: 1000 },
      { method: 'CARD_ONLINE', amountPence: -1000 },
      { method: 'BANK_TRANSFER', amountPence: 1200 },
      { method: 'CASH', amountPence: 500 },
      { method: 'CARD', amountPence: 700 },
      { method: 'OTHER', amountPence: 300 },
      { method: 'CASH', amountPence: -200 },
    ])
    expect(money.methods.map((m) => [m.label, m.receivedPence, m.refundedPence, m.netPence])).toEqual([
      ['Card (online)', 3500, 1000, 2500],
      ['Bank transfer', 1200, 0, 1200],
      ['Cash', 500, 200, 300],
      ['Card (in person)', 700, 0, 700],
      ['Other', 300, 0, 300],
    ])
    expect(money.receivedPence).toBe(6200)
    expect(money.refundedPence).toBe(1200)
    expect(money.netPence).toBe(5000)
    // Net is what "Paid" says: received less refunded.
    expect(money.netPence).toBe(money.receivedPence - money.refundedPence)
  })

  it('shows every method even with nothing in it, as £0.00', () => {
    const money = moneyByMethod([])
    expect(money.methods).toHaveLength(5)
    expect(money.methods.every((m) => m.netPence === 0)).toBe(true)
    expect(formatPence(money.netPence)).toBe('£0.00')
  })

  it('reads a method it does not know as Other', () => {
    expect(asPaymentMethod('CHEQUE')).toBe('OTHER')
    expect(asPaymentMethod('CARD_ONLINE')).toBe('CARD_ONLINE')
    expect(moneyByMethod([{ method: 'CHEQUE', amountPence: 900 }]).methods.at(-1)).toMatchObject({
      method: 'OTHER',
      netPence: 900,
    })
  })
})

describe('payout figures', () => {
  it.each([
    ['a £25 card payment, fee 58p', 2500, 58, { grossPence: 2500, feePence: 58, netPence: 2442 }],
    ['a fee not known yet', 2500, null, { grossPence: 2500, feePence: null, netPence: null }],
    ['a £10 refund costs no fee', -1000, null, { grossPence: -1000, feePence: 0, netPence: -1000 }],
  ])('%s', (_name, gross, fee, expected) => {
    expect(payoutFigures(gross, fee)).toEqual(expected)
  })

  it.each([
    [2442, '24.42'],
    [5, '0.05'],
    [0, '0.00'],
    [-1000, '-10.00'],
    [-58, '-0.58'],
  ])('%i pence is %s in a CSV cell', (pence, text) => {
    expect(penceAsDecimal(pence)).toBe(text)
  })
})
