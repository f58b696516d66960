import { describe, expect, it } from 'vitest'
import {
  hasReceipt,
  lineReceiptNumber,
  orderReceiptNumber,
  receiptEntryLabel,
  receiptFigures,
} from './receipt.ts'
import { moneyRangeSchema } from './money-range.schemas.ts'

describe('receipts', () => {
  it('exist once money was received, even if it was all refunded since', () => {
    expect(hasReceipt([])).toBe(false)
    expect(hasReceipt([{ amountPence: 1000 }, { amountPence: -1000 }])).toBe(true)
  })

  it.each([
    [
      'paid in full',
      2500,
      [2500],
      { receivedPence: 2500, refundedPence: 0, paidPence: 2500, outstandingPence: 0 },
    ],
    [
      'part paid',
      2500,
      [1000],
      { receivedPence: 1000, refundedPence: 0, paidPence: 1000, outstandingPence: 1500 },
    ],
    [
      'paid, then £4 refunded',
      1000,
      [1000, -400],
      { receivedPence: 1000, refundedPence: 400, paidPence: 600, outstandingPence: 400 },
    ],
    [
      'cancelled and refunded',
      0,
      [1000, -1000],
      { receivedPence: 1000, refundedPence: 1000, paidPence: 0, outstandingPence: 0 },
    ],
  ])('%s', (_name, total, amounts, expected) => {
    expect(
      receiptFigures(
        total,
        amounts.map((amountPence) => ({ amountPence })),
      ),
    ).toEqual({
      totalPence: total,
      ...expected,
    })
  })

  it('words each entry with its method', () => {
    expect(receiptEntryLabel({ method: 'CARD_ONLINE', amountPence: 2500 })).toBe('Payment, Card (online)')
    expect(receiptEntryLabel({ method: 'CASH', amountPence: -200 })).toBe('Refund, Cash')
    expect(receiptEntryLabel({ method: 'SOMETHING_OLD', amountPence: 200 })).toBe('Payment, Other')
  })

  it('numbers a receipt by what it is for', () => {
    expect(orderReceiptNumber('T4K2ABCDEF')).toBe('R-T4K2ABCDEF')
    expect(lineReceiptNumber('0a1b2c3d-0000-4000-8000-000000000000', 'fee')).toBe('R-A0A1B2C3D-FEE')
    expect(lineReceiptNumber('0a1b2c3d-0000-4000-8000-000000000000', 'social-ticket')).toBe(
      'R-A0A1B2C3D-SOCIALTICKET',
    )
  })
})

describe('the Money page’s date range', () => {
  it.each([
    [{ from: '2026-10-01', to: '2026-10-31' }, null],
    [{ from: '2026-10-01', to: '2026-10-01' }, null],
    [{ from: '2026-10-31', to: '2026-10-01' }, 'to'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
    [{ from: '1/10/2026', to: '2026-10-31' }, 'from'],
    [{ from: '2025-01-01', to: '2026-01-02' }, null],
    [{ from: '2025-01-01', to: '2026-01-03' }, 'to'],
  ])('%j → problem at %s', (range, path) => {
    const parsed = moneyRangeSchema.safeParse(range)
    expect(parsed.success ? null : String(parsed.error.issues[0]!.path[0])).toBe(path)
  })
})
