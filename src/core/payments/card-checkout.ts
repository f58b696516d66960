import type { OwedLine } from '../applications/payments.ts'

/**
 * What an online card checkout pays for. Application payments (the lines a member owes) today;
 * ticket orders plug into the same checkout table, webhook and refunds next (decision 0047).
 */
export const CHECKOUT_PURPOSES = ['APPLICATION_PAYMENT', 'TICKET_ORDER'] as const
export type CheckoutPurpose = (typeof CHECKOUT_PURPOSES)[number]

/** OPEN: waiting on the card page; PAID: the provider confirmed it; EXPIRED: never paid, closed. */
export const CHECKOUT_STATUSES = ['OPEN', 'PAID', 'EXPIRED'] as const
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number]

/** The currency every amount of the society is in (src/core/money.ts formats pounds). */
export const CHECKOUT_CURRENCY = 'gbp'

/** Stripe refuses a card charge under 30p in GBP. */
export const MIN_CARD_PENCE = 30

export interface CheckoutLine {
  key: string
  label: string
  amountPence: number
}

/**
 * The lines a member chose to pay by card and what each costs: what is still outstanding on it,
 * computed from the ledger (never an amount the browser sends). Null with the reason when the
 * choice cannot be paid.
 */
export function cardCheckoutLines(
  owed: readonly OwedLine[],
  lineKeys: readonly string[],
): { lines: CheckoutLine[]; totalPence: number } | { refusal: string } {
  const keys = [...new Set(lineKeys)]
  if (!keys.length) return { refusal: 'Choose at least one payment line to pay.' }
  const lines: CheckoutLine[] = []
  for (const key of keys) {
    const line = owed.find((l) => l.key === key)
    if (!line) return { refusal: `"${key}" is not one of your payment lines.` }
    if (line.outstandingPence <= 0) return { refusal: `${line.label} is already paid.` }
    lines.push({ key, label: line.label, amountPence: line.outstandingPence })
  }
  const totalPence = lines.reduce((sum, l) => sum + l.amountPence, 0)
  if (totalPence < MIN_CARD_PENCE) return { refusal: 'Card payments must be at least 30p.' }
  return { lines, totalPence }
}

/**
 * Spread a refund over the lines a checkout paid, last line first, never more than a line had paid:
 * used when a refund names no line (one made in the provider's dashboard).
 */
export function spreadRefund(
  paid: readonly { key: string; paidPence: number }[],
  refundPence: number,
): { key: string; amountPence: number }[] {
  const out: { key: string; amountPence: number }[] = []
  let left = refundPence
  for (const line of [...paid].reverse()) {
    if (left <= 0) break
    const take = Math.min(left, line.paidPence)
    if (take > 0) out.push({ key: line.key, amountPence: take })
    left -= take
  }
  return out
}

/**
 * What a ticket order's card checkout charges, one line per ticket type, from the order itself
 * (never from the browser): each line's cost, less its share of the voucher's discount. The
 * discount is shared by what each line cost (largest remainder, so the pennies add up), so the lines
 * always total the order's `amountPence`. Lines that come to nothing are left out (Stripe charges no
 * £0 line). Null with the reason when the order cannot be paid by card.
 */
export function ticketCheckoutLines(
  order: { amountPence: number; eventTitle: string; reference: string },
  lines: readonly { key: string; typeName: string; quantity: number; unitPricePence: number }[],
): { lines: CheckoutLine[]; totalPence: number } | { refusal: string } {
  if (order.amountPence < MIN_CARD_PENCE) {
    return {
      refusal:
        order.amountPence === 0
          ? 'These tickets are free: there is nothing to pay by card.'
          : 'Card payments must be at least 30p.',
    }
  }
  const costs = lines.map((l) => l.quantity * l.unitPricePence)
  const subtotal = costs.reduce((s, c) => s + c, 0)
  const discount = subtotal - order.amountPence
  if (discount < 0 || subtotal <= 0) return { refusal: 'This order’s lines do not add up; ask the society.' }
  // Each line's share of the discount, rounded down, then the pennies left to the largest remainders.
  const exact = costs.map((c) => (discount * c) / subtotal)
  const shares = exact.map(Math.floor)
  let left = discount - shares.reduce((s, x) => s + x, 0)
  const byRemainder = exact
    .map((e, i) => ({ i, r: e - Math.floor(e) }))
    .sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of byRemainder) {
    if (left <= 0) break
    shares[i]!++
    left--
  }
  const out: CheckoutLine[] = []
  lines.forEach((l, i) => {
    const amountPence = costs[i]! - shares[i]!
    if (amountPence <= 0) return
    out.push({
      key: l.key,
      label: `${l.quantity} × ${l.typeName}${shares[i]! > 0 ? ' (voucher applied)' : ''} · ${order.eventTitle}, order ${order.reference}`,
      amountPence,
    })
  })
  return { lines: out, totalPence: out.reduce((s, l) => s + l.amountPence, 0) }
}
