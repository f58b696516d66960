import { z } from 'zod'
import { formatPence } from '../money.ts'
import { DEFAULT_REFERENCE_FORMAT, formatReference } from '../society/society-values.ts'
import type { PaymentLine } from '../events/event-config.schemas.ts'

/**
 * How a payment was made. CARD is a card machine staff took it on; CARD_ONLINE is a card payment the
 * online provider (Stripe Checkout) confirmed, recorded by the server only, never typed by staff.
 */
export const PAYMENT_METHODS = ['CASH', 'BANK_TRANSFER', 'CARD', 'CARD_ONLINE', 'OTHER'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** The methods staff may record by hand: all but the online provider's. */
export const MANUAL_PAYMENT_METHODS = PAYMENT_METHODS.filter(
  (m): m is Exclude<PaymentMethod, 'CARD_ONLINE'> => m !== 'CARD_ONLINE',
)

/** Each method in words, for the ledger, receipts and the treasurer's figures. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CASH: 'Cash',
  BANK_TRANSFER: 'Bank transfer',
  CARD: 'Card (in person)',
  CARD_ONLINE: 'Card (online)',
  OTHER: 'Other',
}

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

// ---- Recording payments (staff) ----

/** The longest reference a recorded payment keeps, and the largest amount one line takes. */
export const MAX_PAYMENT_REFERENCE = 200
export const MAX_PAYMENT_PENCE = 10_000_000
/** How many lines one recording may hold (one dialog, one submit). */
export const MAX_PAYMENT_ENTRIES = 10

/** One payment (negative: a refund) against a payment line, as staff record it. */
export const paymentEntrySchema = z.object({
  lineKey: z.string().trim().min(1, 'Choose a payment line.'),
  amountPence: z
    .number({ error: 'Give an amount in pounds, e.g. 12.50.' })
    .int('Give an amount in whole pence.')
    .refine((n) => n !== 0 && Math.abs(n) <= MAX_PAYMENT_PENCE, {
      message: 'Enter an amount other than zero (negative for a refund).',
    }),
  method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid.' }),
  reference: z
    .string()
    .trim()
    .max(MAX_PAYMENT_REFERENCE, `Keep the reference under ${MAX_PAYMENT_REFERENCE} characters.`)
    .default(''),
})
export type PaymentEntry = z.infer<typeof paymentEntrySchema>

/** Several payments for one application, recorded together: all of them or none. */
export const recordPaymentsSchema = z.object({
  entries: z
    .array(paymentEntrySchema)
    .min(1, 'Add at least one payment.')
    .max(MAX_PAYMENT_ENTRIES, `Record at most ${MAX_PAYMENT_ENTRIES} payments at once.`),
})

/**
 * Why these entries cannot be recorded against these lines (already paid `payments`): per entry, the
 * problem of the first that fails, taken in order so two entries on one line add up. Null when all fit.
 */
export function paymentEntriesProblem(
  lines: readonly PaymentLine[],
  payments: readonly RecordedPayment[],
  entries: readonly Pick<PaymentEntry, 'lineKey' | 'amountPence'>[],
): { index: number; path: 'lineKey' | 'amountPence'; message: string } | null {
  const paid = new Map<string, number>()
  for (const p of payments) paid.set(p.lineKey, (paid.get(p.lineKey) ?? 0) + p.amountPence)
  for (const [index, entry] of entries.entries()) {
    const line = lines.find((l) => l.key === entry.lineKey)
    if (!line)
      return { index, path: 'lineKey', message: `"${entry.lineKey}" is not one of the payment lines.` }
    const before = paid.get(line.key) ?? 0
    if (before + entry.amountPence < 0) {
      const message = `A refund cannot be more than the ${formatPence(before)} paid on ${line.label}.`
      return { index, path: 'amountPence', message }
    }
    if (before + entry.amountPence > line.amountPence) {
      const left = Math.max(0, line.amountPence - before)
      const message = `Only ${formatPence(left)} is outstanding on ${line.label}; record at most that.`
      return { index, path: 'amountPence', message }
    }
    paid.set(line.key, before + entry.amountPence)
  }
  return null
}
