import { describe, expect, it } from 'vitest'
import {
  describeVoucher,
  discountedBasket,
  voucherBasketRefusal,
  voucherColumns,
  voucherInputSchema,
  voucherRefusal,
  voucherUnlocks,
  type VoucherRules,
} from './vouchers.ts'

const now = new Date('2027-03-01T12:00:00Z')
const ADULT = '00000000-0000-4000-8000-000000000001'
const CONC = '00000000-0000-4000-8000-000000000002'
const HIDDEN = '00000000-0000-4000-8000-000000000003'
const basket = [
  { ticketTypeId: ADULT, quantity: 2, unitPricePence: 1200 },
  { ticketTypeId: CONC, quantity: 1, unitPricePence: 799 },
]
const voucher = (over: Partial<VoucherRules> = {}): VoucherRules => ({
  kind: 'PERCENT',
  amount: 10,
  typeIds: [],
  maxUses: null,
  uses: 0,
  expiresAt: null,
  disabled: false,
  ...over,
})

describe('discountedBasket', () => {
  it('takes a percentage of every line when no types are chosen, rounded to the penny', () => {
    // 2 × £12 + £7.99 = £31.99; 10% = 319.9p → 320p off.
    expect(discountedBasket(voucher(), basket)).toEqual({
      subtotalPence: 3199,
      eligiblePence: 3199,
      discountPence: 320,
      totalPence: 2879,
    })
  })
  it('gives a half penny to the buyer', () => {
    // 15% of £7.99 = 119.85p → 120p; 5% of 10p = 0.5p → 1p.
    expect(discountedBasket(voucher({ amount: 15 }), [basket[1]!]).discountPence).toBe(120)
    expect(
      discountedBasket(voucher({ amount: 5 }), [{ ...basket[1]!, unitPricePence: 10 }]).discountPence,
    ).toBe(1)
  })
  it('takes off only the eligible lines', () => {
    expect(discountedBasket(voucher({ amount: 50, typeIds: [CONC] }), basket)).toEqual({
      subtotalPence: 3199,
      eligiblePence: 799,
      discountPence: 400,
      totalPence: 2799,
    })
  })
  it('never takes a fixed amount below £0 on the eligible lines', () => {
    expect(discountedBasket(voucher({ kind: 'FIXED', amount: 500 }), basket).totalPence).toBe(2699)
    expect(discountedBasket(voucher({ kind: 'FIXED', amount: 5000 }), basket).totalPence).toBe(0)
    const onConcession = discountedBasket(voucher({ kind: 'FIXED', amount: 5000, typeIds: [CONC] }), basket)
    expect(onConcession).toMatchObject({ discountPence: 799, totalPence: 2400 })
  })
  it('takes nothing off for an unlock code or no code', () => {
    expect(
      discountedBasket(voucher({ kind: 'UNLOCK', amount: 0, typeIds: [HIDDEN] }), basket).totalPence,
    ).toBe(3199)
    expect(discountedBasket(null, basket)).toMatchObject({ discountPence: 0, totalPence: 3199 })
  })
})

describe('voucherRefusal', () => {
  it.each([
    ['disabled', { disabled: true }, 'This code is no longer valid.'],
    ['expired', { expiresAt: new Date('2027-03-01T11:59:59Z') }, 'This code has expired.'],
    ['expiring at this moment', { expiresAt: now }, 'This code has expired.'],
    ['used up', { maxUses: 3, uses: 3 }, 'This code has been used up.'],
  ] as const)('refuses a code %s', (_name, over, reason) => {
    expect(voucherRefusal(voucher(over), now)).toBe(reason)
  })
  it('accepts a code with uses left before its expiry', () => {
    expect(
      voucherRefusal(voucher({ maxUses: 3, uses: 2, expiresAt: new Date('2027-03-02T00:00:00Z') }), now),
    ).toBeNull()
  })
  it('refuses a code not valid for anything in the basket', () => {
    expect(voucherBasketRefusal(voucher({ typeIds: [HIDDEN] }), basket, now)).toBe(
      'This code is not valid for the tickets in your basket.',
    )
    expect(voucherBasketRefusal(voucher({ typeIds: [CONC] }), basket, now)).toBeNull()
  })
})

describe('voucher input and words', () => {
  it('reads a code in capitals and refuses a percentage over 100 or an unlock without types', () => {
    expect(
      voucherColumns(voucherInputSchema.parse({ code: ' friends10 ', kind: 'PERCENT', amount: 10 })).code,
    ).toBe('FRIENDS10')
    expect(
      voucherInputSchema.safeParse({ code: 'X100', kind: 'PERCENT', amount: 101 }).error?.issues[0]?.message,
    ).toBe('A percentage between 1 and 100.')
    expect(
      voucherInputSchema.safeParse({ code: 'CAST', kind: 'UNLOCK', amount: 0 }).error?.issues[0]?.message,
    ).toBe('Choose the hidden ticket types the code unlocks.')
  })
  it('unlocks only the hidden types an unlock code names', () => {
    expect(voucherUnlocks(voucher({ kind: 'UNLOCK', typeIds: [HIDDEN] }), HIDDEN)).toBe(true)
    expect(voucherUnlocks(voucher({ typeIds: [HIDDEN] }), HIDDEN)).toBe(false)
  })
  it('says what a code does', () => {
    expect(describeVoucher({ kind: 'PERCENT', amount: 10 })).toBe('10% off')
    expect(describeVoucher({ kind: 'FIXED', amount: 500 })).toBe('£5.00 off')
    expect(describeVoucher({ kind: 'UNLOCK', amount: 0 })).toBe('Unlocks hidden tickets')
  })
})
