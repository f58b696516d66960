import type { PaymentLine } from '../events/event-config.schemas.ts'

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

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** 2500 → "£25.00". */
export function formatPence(pence: number): string {
  return GBP.format(pence / 100)
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
