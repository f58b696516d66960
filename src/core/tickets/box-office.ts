import { z } from 'zod'
import { formatPence } from '#core/money.ts'
import { basketLinesSchema, basketSubtotal } from './basket.ts'
import { DOOR_PAYMENT_METHODS, type DoorPaymentMethod } from './door.ts'
import {
  AUDIENCE_LABEL,
  saleOpen,
  ticketsLeft,
  type PurchaseRefusal,
  type TicketTypeRules,
} from './tickets.ts'

// The box office (issue 27, decision 0050): door staff sell tickets to walk-ins, paid there and then
// in cash or on the society's own card reader, and usually let them in at once. What it may sell and
// how many are decided here; the server takes the stock with the shop's own conditional updates.

/** The name on a walk-in's order and tickets when none is given. */
export const WALK_IN_NAME = 'Walk-in'

const anEmail = z.email()

export const boxOfficeSaleSchema = z.object({
  eventSlug: z.string().min(1),
  lines: basketLinesSchema,
  buyerName: z.string().trim().max(120, 'Keep the name under 121 characters.').default(''),
  // Optional: with an address the tickets are emailed, as for any other order.
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || anEmail.safeParse(v).success, 'Give an email address, or leave it empty.')
    .default(''),
  method: z.enum(DOOR_PAYMENT_METHODS, { error: 'Choose cash or card.' }),
  /** A walk-in is standing at the door: on unless staff untick it. */
  checkIn: z.boolean().default(true),
})
export type BoxOfficeSaleInput = z.input<typeof boxOfficeSaleSchema>

/** What the box office reads of a type to decide. */
export type BoxOfficeType = Pick<
  TicketTypeRules,
  'name' | 'pricePence' | 'quota' | 'taken' | 'mode' | 'audience' | 'saleStartsAt' | 'saleEndsAt'
> & { hidden: boolean }

/**
 * Whether the box office sells a type at all: every type sold first come, first served, whatever its
 * online window, audience or hidden flag (staff at the door decide who is in front of them, as they
 * already hand out comps); never a ballot type, whose tickets go by the draw and its waiting list.
 */
export function boxOfficeSells(type: Pick<BoxOfficeType, 'mode'>): boolean {
  return type.mode !== 'BALLOT'
}

/**
 * Why the box office may not sell `quantity` of a type now, or null. The capacity is the shop's:
 * what is left of the type and of the event (held checkouts count as taken). The server checks again
 * with the conditional update that takes the stock, so two doors cannot sell the last ticket twice.
 */
export function boxOfficeRefusal(
  type: Pick<BoxOfficeType, 'name' | 'mode' | 'quota' | 'taken'>,
  quantity: number,
  capacityLeft: number,
): PurchaseRefusal | null {
  if (!boxOfficeSells(type))
    return {
      code: 'VALIDATION',
      message: `${type.name} tickets are allocated by ballot: the box office does not sell them.`,
    }
  const left = ticketsLeft(type, capacityLeft)
  if (quantity > left)
    return {
      code: 'CONFLICT',
      message: left === 0 ? `${type.name} is sold out.` : `Only ${left} ${type.name} tickets are left.`,
    }
  return null
}

/**
 * What staff should know about a type before selling it at the door, in words: "Not in the online
 * shop", "Online sale closed", "Members only: check at the door". Empty for a plain public type.
 */
export function boxOfficeNotes(type: BoxOfficeType, now: Date): string[] {
  if (!boxOfficeSells(type)) return ['Allocated by ballot: not sold at the door']
  const notes: string[] = []
  if (type.hidden) notes.push('Not in the online shop')
  if (!saleOpen(type, now))
    notes.push(
      type.saleStartsAt && now < type.saleStartsAt ? 'Online sale not open yet' : 'Online sale closed',
    )
  if (type.audience !== 'PUBLIC') notes.push(`${AUDIENCE_LABEL[type.audience]} only: check at the door`)
  return notes
}

/** What a box-office sale costs: the types' prices (no vouchers at the door). */
export function boxOfficeTotal(lines: readonly { quantity: number; unitPricePence: number }[]): number {
  return basketSubtotal(lines)
}

/** "Take £36.00 in cash", said before the sale is confirmed. */
export function boxOfficeCollectLine(totalPence: number, method: DoorPaymentMethod): string {
  if (totalPence === 0) return 'Nothing to take: these tickets are free.'
  return method === 'CASH'
    ? `Take ${formatPence(totalPence)} in cash.`
    : `Take ${formatPence(totalPence)} on the card reader.`
}
