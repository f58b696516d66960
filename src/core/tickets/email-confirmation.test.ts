import { describe, expect, it } from 'vitest'
import {
  EMAIL_CONFIRM_HOURS,
  EMAIL_CONFIRM_WAIT,
  emailConfirmDeadline,
  emailedOrderState,
  needsEmailConfirmation,
} from './email-confirmation.ts'
import { ORDER_STATUSES } from './tickets.ts'

describe('needsEmailConfirmation', () => {
  it.each([
    [false, false, true],
    [false, true, false],
    [true, false, false],
    [true, true, false],
  ])('signed in %s, address shown %s → %s', (signedIn, addressShown, expected) => {
    expect(needsEmailConfirmation({ signedIn, addressShown })).toBe(expected)
  })

  it('never for an order paid by card online (decision 0054)', () => {
    expect(needsEmailConfirmation({ signedIn: false, addressShown: false, paidByCard: true })).toBe(false)
    expect(needsEmailConfirmation({ signedIn: false, addressShown: false, paidByCard: false })).toBe(true)
  })
})

describe('the wait', () => {
  it('is EMAIL_CONFIRM_HOURS from now, said in words', () => {
    const now = new Date('2026-11-29T10:00:00Z')
    expect(emailConfirmDeadline(now).getTime() - now.getTime()).toBe(EMAIL_CONFIRM_HOURS * 3_600_000)
    expect(EMAIL_CONFIRM_WAIT).toMatch(new RegExp(`^${EMAIL_CONFIRM_HOURS} hours?$`))
  })
})

describe('emailedOrderState', () => {
  const now = new Date('2026-11-29T10:00:00Z')
  const later = new Date(now.getTime() + 60_000)
  const earlier = new Date(now.getTime() - 60_000)
  it('is UNKNOWN without an order', () => {
    expect(emailedOrderState(undefined, now)).toBe('UNKNOWN')
  })
  it.each([
    ['HELD', later, true, 'OPEN'],
    ['HELD', earlier, true, 'LAPSED'],
    ['HELD', now, true, 'LAPSED'],
    ['HELD', later, false, 'LAPSED'],
    ['CANCELLED', null, true, 'LAPSED'],
    ['CANCELLED', null, false, 'CONFIRMED'],
    ['AWAITING_PAYMENT', null, false, 'CONFIRMED'],
    ['PAID', null, false, 'CONFIRMED'],
  ] as const)('%s, time %s, waiting %s → %s', (status, payBy, waiting, expected) => {
    expect(emailedOrderState({ status, payBy, waiting }, now)).toBe(expected)
  })
  it('covers every order status', () => {
    for (const status of ORDER_STATUSES) {
      expect(emailedOrderState({ status, payBy: later, waiting: true }, now)).toMatch(/OPEN|LAPSED|CONFIRMED/)
    }
  })
})
