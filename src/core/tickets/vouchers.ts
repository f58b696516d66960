import { z } from 'zod'
import { formatPence } from '#core/money.ts'
import { basketSubtotal } from './basket.ts'

// Vouchers (issue 27, decision 0049): a code ticket staff give out that takes money off a basket
// (a percentage or a fixed amount, on the lines it is valid for) or unlocks a hidden ticket type.

export const VOUCHER_KINDS = ['PERCENT', 'FIXED', 'UNLOCK'] as const
export type VoucherKind = (typeof VOUCHER_KINDS)[number]

export const VOUCHER_KIND_LABEL: Record<VoucherKind, string> = {
  PERCENT: 'Percent off',
  FIXED: 'Amount off',
  UNLOCK: 'Unlocks hidden tickets',
}

/** What the rules read of a voucher. `typeIds` empty: valid for every type. */
export interface VoucherRules {
  kind: VoucherKind
  /** PERCENT: 1–100; FIXED: pence off the basket; UNLOCK: 0. */
  amount: number
  typeIds: readonly string[]
  maxUses: number | null
  uses: number
  expiresAt: Date | null
  disabled: boolean
}

/** A code as the buyer types it: case and surrounding spaces do not matter. */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase()
}

export const voucherInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(3, 'A code is at least 3 characters.')
      .max(32, 'A code is at most 32 characters.')
      .regex(/^[A-Za-z0-9-]+$/, 'A code has letters, digits and dashes only.'),
    kind: z.enum(VOUCHER_KINDS),
    amount: z.number().int('A whole number.').min(0).max(1_000_000),
    typeIds: z.array(z.string().max(40)).max(50).default([]),
    maxUses: z
      .number()
      .int()
      .min(1, 'At least 1 use, or leave it empty for no limit.')
      .nullable()
      .default(null),
    expiresAt: z.coerce.date().nullable().default(null),
  })
  .refine((v) => v.kind !== 'PERCENT' || (v.amount >= 1 && v.amount <= 100), {
    message: 'A percentage between 1 and 100.',
    path: ['amount'],
  })
  .refine((v) => v.kind !== 'FIXED' || v.amount >= 1, {
    message: 'Give the amount off.',
    path: ['amount'],
  })
  .refine((v) => v.kind !== 'UNLOCK' || v.typeIds.length > 0, {
    message: 'Choose the hidden ticket types the code unlocks.',
    path: ['typeIds'],
  })
export type VoucherInput = z.input<typeof voucherInputSchema>

/** A checked voucher as stored: the code in capitals, an unlock code's amount 0. */
export function voucherColumns(v: z.output<typeof voucherInputSchema>) {
  return { ...v, code: normaliseVoucherCode(v.code), amount: v.kind === 'UNLOCK' ? 0 : v.amount }
}

/** Why a voucher cannot be used now, in words; null when it can. */
export function voucherRefusal(v: VoucherRules, now: Date): string | null {
  if (v.disabled) return 'This code is no longer valid.'
  if (v.expiresAt && v.expiresAt.getTime() <= now.getTime()) return 'This code has expired.'
  if (v.maxUses !== null && v.uses >= v.maxUses) return 'This code has been used up.'
  return null
}

/** Whether the voucher applies to a ticket type (no types chosen: every type). */
export function voucherAppliesTo(v: Pick<VoucherRules, 'typeIds'>, typeId: string): boolean {
  return v.typeIds.length === 0 || v.typeIds.includes(typeId)
}

/** Whether the voucher unlocks a hidden type: an UNLOCK code naming it. */
export function voucherUnlocks(v: Pick<VoucherRules, 'kind' | 'typeIds'>, typeId: string): boolean {
  return v.kind === 'UNLOCK' && v.typeIds.includes(typeId)
}

export interface PricedLine {
  ticketTypeId: string
  quantity: number
  unitPricePence: number
}

export interface DiscountedBasket {
  subtotalPence: number
  /** What the eligible lines cost before the discount. */
  eligiblePence: number
  discountPence: number
  totalPence: number
}

/**
 * A basket's total with a voucher: PERCENT takes that share of the eligible lines, rounded to the
 * nearest penny (a half penny goes to the buyer); FIXED takes its amount off the eligible lines, never
 * more than they cost, so the total never goes below £0; UNLOCK takes nothing off.
 */
export function discountedBasket(
  v: Pick<VoucherRules, 'kind' | 'amount' | 'typeIds'> | null,
  lines: readonly PricedLine[],
): DiscountedBasket {
  const subtotalPence = basketSubtotal(lines)
  const eligiblePence = v ? basketSubtotal(lines.filter((l) => voucherAppliesTo(v, l.ticketTypeId))) : 0
  let discountPence = 0
  if (v?.kind === 'PERCENT') discountPence = Math.round((eligiblePence * v.amount) / 100)
  if (v?.kind === 'FIXED') discountPence = Math.min(v.amount, eligiblePence)
  discountPence = Math.min(discountPence, subtotalPence)
  return { subtotalPence, eligiblePence, discountPence, totalPence: subtotalPence - discountPence }
}

/**
 * Why a voucher cannot be used on this basket, in words, or null: refused now (disabled, expired,
 * used up), a discount code with no eligible ticket in the basket, an unlock code whose types are
 * not in it.
 */
export function voucherBasketRefusal(
  v: VoucherRules,
  lines: readonly PricedLine[],
  now: Date,
): string | null {
  const refusal = voucherRefusal(v, now)
  if (refusal) return refusal
  const eligible = lines.filter((l) => l.quantity > 0 && voucherAppliesTo(v, l.ticketTypeId))
  if (eligible.length === 0) return 'This code is not valid for the tickets in your basket.'
  return null
}

/** What a voucher does, in words: "10% off", "£5.00 off", "Unlocks hidden tickets". */
export function describeVoucher(v: Pick<VoucherRules, 'kind' | 'amount'>): string {
  if (v.kind === 'PERCENT') return `${v.amount}% off`
  if (v.kind === 'FIXED') return `${formatPence(v.amount)} off`
  return 'Unlocks hidden tickets'
}
