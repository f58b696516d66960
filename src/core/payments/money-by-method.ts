import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../applications/payments.ts'

/**
 * The treasurer's money by how it came in (issue 28): for each payment method what was received,
 * what was refunded and what is left (net), next to the totals. One rule for Ticket Stats,
 * Operations and the money-received export: a ledger entry above zero is money received, one below
 * zero a refund (by the method it went back by), and paid is net of refunds. Every amount is pence,
 * shown with formatPence ("£0.00", never "Free").
 */

/** The order the methods are shown in: the online card first (the treasurer matches it to payouts). */
export const METHOD_DISPLAY_ORDER: readonly PaymentMethod[] = [
  'CARD_ONLINE',
  'BANK_TRANSFER',
  'CASH',
  'CARD',
  'OTHER',
]

export interface MethodMoney {
  method: PaymentMethod
  label: string
  receivedPence: number
  refundedPence: number
  /** Received less refunded: what this method holds now. */
  netPence: number
}

export interface MoneyByMethod {
  /** Every method, in METHOD_DISPLAY_ORDER, £0.00 ones too (a column that vanishes reads as unknown). */
  methods: MethodMoney[]
  receivedPence: number
  refundedPence: number
  /** What was paid, net of refunds: the same figure as "Paid". */
  netPence: number
}

/** A ledger's method as one of ours: an unknown word (an old row, a provider we dropped) is Other. */
export function asPaymentMethod(method: string): PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(method) ? (method as PaymentMethod) : 'OTHER'
}

/** Ledger entries (tickets' or applications', or both) added up by method. */
export function moneyByMethod(entries: readonly { method: string; amountPence: number }[]): MoneyByMethod {
  const methods = METHOD_DISPLAY_ORDER.map((method): MethodMoney => ({
    method,
    label: PAYMENT_METHOD_LABELS[method],
    receivedPence: 0,
    refundedPence: 0,
    netPence: 0,
  }))
  for (const entry of entries) {
    const row = methods.find((m) => m.method === asPaymentMethod(entry.method))!
    if (entry.amountPence > 0) row.receivedPence += entry.amountPence
    else row.refundedPence -= entry.amountPence
    row.netPence += entry.amountPence
  }
  const sum = (key: 'receivedPence' | 'refundedPence' | 'netPence') => methods.reduce((s, m) => s + m[key], 0)
  return {
    methods,
    receivedPence: sum('receivedPence'),
    refundedPence: sum('refundedPence'),
    netPence: sum('netPence'),
  }
}

/**
 * A card payment's figures for the payouts file: the gross, the provider's fee and what reaches the
 * bank. A refund is negative and costs no fee (Stripe keeps the original charge's fee, returns none);
 * a fee not known yet is null and so is the net.
 */
export function payoutFigures(
  grossPence: number,
  feePence: number | null,
): { grossPence: number; feePence: number | null; netPence: number | null } {
  if (grossPence < 0) return { grossPence, feePence: 0, netPence: grossPence }
  return { grossPence, feePence, netPence: feePence === null ? null : grossPence - feePence }
}

/** Pence as the plain decimal a spreadsheet sums ("12.50", "-3.00"): a CSV cell, not a display. */
export function penceAsDecimal(pence: number): string {
  const sign = pence < 0 ? '-' : ''
  const abs = Math.abs(pence)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
