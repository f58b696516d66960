import { PAYMENT_METHOD_LABELS } from '../applications/payments.ts'
import { asPaymentMethod } from './money-by-method.ts'

/**
 * A receipt for money paid (issue 28, decision 0052): a paid ticket order or a paid application
 * payment line. Only money received makes a receipt: an order or line with nothing paid has none.
 */

export const NOTHING_PAID = 'Nothing has been paid on this yet, so there is no receipt.'

export interface ReceiptEntry {
  at: Date
  method: string
  reference: string
  /** Negative: a refund. */
  amountPence: number
}

export interface ReceiptFigures {
  /** What was bought: the order's or the line's amount. */
  totalPence: number
  receivedPence: number
  refundedPence: number
  /** Received less refunded. */
  paidPence: number
  outstandingPence: number
}

/** Whether there is anything to give a receipt for: some money received. */
export function hasReceipt(entries: readonly Pick<ReceiptEntry, 'amountPence'>[]): boolean {
  return entries.some((e) => e.amountPence > 0)
}

export function receiptFigures(
  totalPence: number,
  entries: readonly Pick<ReceiptEntry, 'amountPence'>[],
): ReceiptFigures {
  const receivedPence = entries.filter((e) => e.amountPence > 0).reduce((s, e) => s + e.amountPence, 0)
  const refundedPence = entries.filter((e) => e.amountPence < 0).reduce((s, e) => s - e.amountPence, 0)
  const paidPence = receivedPence - refundedPence
  return {
    totalPence,
    receivedPence,
    refundedPence,
    paidPence,
    outstandingPence: Math.max(0, totalPence - paidPence),
  }
}

/** A ledger entry in words for a receipt: "Card (online)" or "Refund, Card (online)". */
export function receiptEntryLabel(entry: Pick<ReceiptEntry, 'method' | 'amountPence'>): string {
  const method = PAYMENT_METHOD_LABELS[asPaymentMethod(entry.method)]
  return entry.amountPence < 0 ? `Refund, ${method}` : `Payment, ${method}`
}

/** A ticket order's receipt number: its reference, which the buyer already has. */
export function orderReceiptNumber(orderReference: string): string {
  return `R-${orderReference}`
}

/** A payment line's receipt number: the application's short code and the line. */
export function lineReceiptNumber(applicationId: string, lineKey: string): string {
  const code = applicationId.replace(/-/g, '').slice(0, 8).toUpperCase()
  return `R-A${code}-${lineKey.toUpperCase().replace(/[^A-Z0-9]+/g, '')}`
}
