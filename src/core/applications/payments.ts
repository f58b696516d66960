import { DEFAULT_REFERENCE_FORMAT, formatReference } from '../society/society-settings.schemas.ts'
import type { PaymentLine } from '../events/event-config.schemas.ts'

/** How a payment was made, as staff record it. */
export const PAYMENT_METHODS = ['CASH', 'BANK_TRANSFER', 'CARD', 'OTHER'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export interface RecordedPayment {
  lineKey: string
  amountPence: number
}

export interface OwedLine extends PaymentLine {
  paidPence: number
  /** What is left to pay on this line (never negative). */
  outstandingPence: number
  paid: boolean
}

/** Each payment line of the member's type with what has been paid against it. */
export function owedLines(lines: readonly PaymentLine[], payments: readonly RecordedPayment[]): OwedLine[] {
  return lines.map((line) => {
    const paidPence = payments
      .filter((p) => p.lineKey === line.key)
      .reduce((sum, p) => sum + p.amountPence, 0)
    const outstandingPence = Math.max(0, line.amountPence - paidPence)
    return { ...line, paidPence, outstandingPence, paid: outstandingPence === 0 }
  })
}

/** Everything left to pay across the lines. */
export function totalOutstanding(lines: readonly OwedLine[]): number {
  return lines.reduce((sum, l) => sum + l.outstandingPence, 0)
}

/** All lines paid (an application with no payment lines owes nothing, but stays CONFIRMED). */
export function isFullyPaid(lines: readonly OwedLine[]): boolean {
  return lines.length > 0 && lines.every((l) => l.paid)
}

const POUNDS = /^(-)?£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/

/**
 * An amount typed in pounds ("25", "£25.50", "25.5", "1,250", "-5") as pence; null when it is not an
 * amount of money. Parsed as text, never as a float, so "19.99" is 1999 and never 1998.
 */
export function parsePounds(input: string): number | null {
  const match = POUNDS.exec(input.trim().replace(/,/g, ''))
  if (!match) return null
  const [, minus, whole, fraction = ''] = match
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return minus && pence > 0 ? -pence : pence
}

/**
 * Whether an application owes its payment lines: only once the member has confirmed their place
 * (CONFIRMED, or PAID once it is settled). Offers, waitlists, refusals and withdrawals owe nothing.
 */
export function owesPayment(status: string): boolean {
  return status === 'CONFIRMED' || status === 'PAID'
}

/** What an application of this status owes in all, and what of it is left (both 0 when it owes nothing). */
export function amountsOwed(
  status: string,
  lines: readonly OwedLine[],
): { owedPence: number; outstandingPence: number } {
  if (!owesPayment(status)) return { owedPence: 0, outstandingPence: 0 }
  return {
    owedPence: lines.reduce((sum, l) => sum + l.amountPence, 0),
    outstandingPence: totalOutstanding(lines),
  }
}

/** The earliest due date (YYYY-MM-DD) of the lines still to pay, or null when none has one. */
export function nextDueDate(lines: readonly OwedLine[]): string | null {
  const due = lines.filter((l) => !l.paid && l.dueDate).map((l) => l.dueDate!)
  return due.length ? due.sort()[0]! : null
}

/**
 * The reference a member quotes on a bank transfer so the treasurer can match it: short (UK banks
 * allow 18 characters), upper case, and the same every time for the same application.
 */
export function paymentReference(applicationId: string, format = DEFAULT_REFERENCE_FORMAT): string {
  return formatReference(format, applicationId.replace(/-/g, '').slice(0, 8).toUpperCase())
}
