import { z } from 'zod'
import { MAX_PER_ORDER, type PurchaseRefusal } from './tickets.ts'

// One basket, one order (decision 0045): a buyer asks for several ticket types at once; one hold
// takes them all, one checkout names them, one order carries them as lines.

export interface BasketLine {
  ticketTypeId: string
  quantity: number
}

const line = z.object({
  ticketTypeId: z.uuid('Choose a ticket type.'),
  quantity: z.number().int().min(0).max(MAX_PER_ORDER),
})

/** A basket as the buyer sends it: lines of zero are dropped; at least one ticket, at most MAX_PER_ORDER. */
export const basketLinesSchema = z
  .array(line)
  .max(20)
  .transform((lines) => lines.filter((l) => l.quantity > 0))
  .superRefine((lines, issues) => {
    const refusal = basketRefusal(lines)
    if (refusal) issues.addIssue({ code: 'custom', message: refusal.message, path: [] })
  })

export const holdBasketInputSchema = z.object({
  eventSlug: z.string().min(1),
  lines: basketLinesSchema,
  email: z.email('Give an email address the tickets can be sent to.').max(254),
})
export type HoldBasketInput = z.input<typeof holdBasketInputSchema>

/**
 * Why a basket is refused as a whole, or null: at least one ticket, each type once, at most
 * MAX_PER_ORDER tickets in one order. Each type's own limits (per person, left, audience) are
 * `purchaseRefusal`'s, line by line.
 */
export function basketRefusal(lines: readonly BasketLine[]): PurchaseRefusal | null {
  const total = basketCount(lines)
  if (total < 1) return { code: 'VALIDATION', message: 'Choose at least one ticket.' }
  if (new Set(lines.map((l) => l.ticketTypeId)).size !== lines.length)
    return { code: 'VALIDATION', message: 'Each ticket type once in a basket.' }
  if (total > MAX_PER_ORDER)
    return { code: 'VALIDATION', message: `At most ${MAX_PER_ORDER} tickets in one order.` }
  return null
}

/** Tickets in a basket. */
export function basketCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0)
}

/** What a basket's lines cost before any voucher. */
export function basketSubtotal(lines: readonly { quantity: number; unitPricePence: number }[]): number {
  return lines.reduce((n, l) => n + l.quantity * l.unitPricePence, 0)
}

/** "2 × Adult, 1 × Concession": an order's lines in words. */
export function describeLines(lines: readonly { quantity: number; typeName: string }[]): string {
  return lines
    .filter((l) => l.quantity > 0)
    .map((l) => `${l.quantity} × ${l.typeName}`)
    .join(', ')
}

/**
 * Which ticket type each of an order's tickets is, in order: the lines' types repeated by quantity
 * (the checkout's names follow the same order).
 */
export function ticketTypeSlots<T extends { quantity: number }>(lines: readonly T[]): T[] {
  return lines.flatMap((l) => Array.from({ length: l.quantity }, () => l))
}
