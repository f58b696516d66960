import { describe, expect, it } from 'vitest'
import {
  APPLICATION_ACTIONS,
  APPLICATION_STATUSES,
  allowedActions,
  canEditAnswers,
  FINAL_STATUSES,
  transition,
  type Actor,
  type ApplicationAction,
  type ApplicationStatus,
} from './status.ts'

const now = new Date('2026-11-21T12:00:00Z')
const later = new Date('2026-11-28T12:00:00Z')
const earlier = new Date('2026-11-20T12:00:00Z')
const ACTORS: Actor[] = ['member', 'admin', 'system']

/** PRODUCT.md §2, written out independently of the table in status.ts. */
const LEGAL: [ApplicationStatus, ApplicationAction, Actor, ApplicationStatus][] = [
  ['SUBMITTED', 'offer', 'admin', 'OFFERED'],
  ['SUBMITTED', 'waitlist', 'admin', 'WAITLISTED'],
  ['SUBMITTED', 'reject', 'admin', 'REJECTED'],
  ['WAITLISTED', 'offer', 'admin', 'OFFERED'],
  ['WAITLISTED', 'reject', 'admin', 'REJECTED'],
  ['OFFERED', 'accept', 'member', 'CONFIRMED'],
  ['OFFERED', 'decline', 'member', 'DECLINED'],
  ['OFFERED', 'expire', 'system', 'EXPIRED'],
  ['CONFIRMED', 'markPaid', 'system', 'PAID'],
  ['SUBMITTED', 'withdraw', 'member', 'WITHDRAWN'],
  ['OFFERED', 'withdraw', 'member', 'WITHDRAWN'],
  ['CONFIRMED', 'withdraw', 'member', 'WITHDRAWN'],
  ['PAID', 'withdraw', 'member', 'WITHDRAWN'],
  ['SUBMITTED', 'cancel', 'admin', 'CANCELLED'],
  ['WAITLISTED', 'cancel', 'admin', 'CANCELLED'],
  ['OFFERED', 'cancel', 'admin', 'CANCELLED'],
  ['CONFIRMED', 'cancel', 'admin', 'CANCELLED'],
  ['PAID', 'cancel', 'admin', 'CANCELLED'],
]

describe('transition, every status × action × actor', () => {
  const cases = APPLICATION_STATUSES.flatMap((status) =>
    APPLICATION_ACTIONS.flatMap((action) => ACTORS.map((actor) => [status, action, actor] as const)),
  )
  it.each(cases)('%s --%s by %s', (status, action, actor) => {
    // An offer that has expired (for expire) or not yet (for accept), so timing never decides here.
    const offerExpiresAt = action === 'expire' ? earlier : later
    const result = transition(status, action, actor, { now, offerExpiresAt })
    const legal = LEGAL.find(([s, a, r]) => s === status && a === action && r === actor)
    if (legal) {
      expect(result).toEqual({ ok: true, to: legal[3] })
    } else {
      expect(result.ok).toBe(false)
    }
  })

  it('covers 10 statuses × 9 actions × 3 actors', () => {
    expect(cases).toHaveLength(270)
  })

  it('never moves out of a final status', () => {
    for (const status of FINAL_STATUSES) {
      for (const action of APPLICATION_ACTIONS) {
        for (const actor of ACTORS) {
          expect(transition(status, action, actor, { now, offerExpiresAt: earlier }).ok).toBe(false)
        }
      }
    }
  })

  it('refuses to accept an offer past its expiry, even before the job has run', () => {
    expect(transition('OFFERED', 'accept', 'member', { now, offerExpiresAt: earlier })).toMatchObject({
      ok: false,
      reason: 'OFFER_EXPIRED',
    })
    expect(transition('OFFERED', 'accept', 'member', { now, offerExpiresAt: now })).toMatchObject({
      ok: false,
    })
  })

  it('does not expire an offer before its time', () => {
    expect(transition('OFFERED', 'expire', 'system', { now, offerExpiresAt: later }).ok).toBe(false)
  })

  it('says who may make a transition', () => {
    expect(transition('SUBMITTED', 'offer', 'member', { now })).toMatchObject({
      ok: false,
      reason: 'WRONG_ACTOR',
      message: 'Only a committee member can offer an application.',
    })
    expect(transition('REJECTED', 'offer', 'admin', { now })).toMatchObject({
      ok: false,
      reason: 'WRONG_STATUS',
      message: 'An application that is rejected cannot be offered a place.',
    })
  })
})

describe('canEditAnswers', () => {
  it.each([
    ['SUBMITTED', later, true],
    ['SUBMITTED', null, true],
    ['SUBMITTED', earlier, false],
    ['SUBMITTED', now, false],
    ['OFFERED', later, false],
    ['WAITLISTED', later, false],
  ] as const)('%s with deadline %s → %s', (status, deadline, expected) => {
    expect(canEditAnswers({ status }, { signupDeadline: deadline }, now)).toBe(expected)
  })
})

describe('allowedActions', () => {
  const member = { id: 'u1', roles: [] }
  const other = { id: 'u2', roles: [] }
  const admin = { id: 'a1', roles: ['boardMember'] }
  const ticketAdmin = { id: 't1', roles: ['ticketAdmin'] }
  const app = (status: ApplicationStatus, offerExpiresAt: Date | null = null) => ({
    userId: 'u1',
    status,
    offerExpiresAt,
    event: { signupDeadline: later },
  })

  it('lets the applicant edit, withdraw, accept and decline exactly when the machine allows', () => {
    expect(allowedActions(member, app('SUBMITTED'), now)).toMatchObject({
      edit: true,
      withdraw: true,
      accept: false,
      decline: false,
      offer: false,
    })
    expect(allowedActions(member, app('OFFERED', later), now)).toMatchObject({
      edit: false,
      withdraw: true,
      accept: true,
      decline: true,
    })
    expect(allowedActions(member, app('OFFERED', earlier), now)).toMatchObject({
      accept: false,
      decline: true,
    })
  })

  it('gives another member nothing', () => {
    for (const status of APPLICATION_STATUSES) {
      expect(Object.values(allowedActions(other, app(status, later), now)).some(Boolean)).toBe(false)
      expect(Object.values(allowedActions(null, app(status, later), now)).some(Boolean)).toBe(false)
    }
  })

  it('gives admins the admin actions only, and ticket admins none', () => {
    expect(allowedActions(admin, app('SUBMITTED'), now)).toEqual({
      edit: false,
      withdraw: false,
      accept: false,
      decline: false,
      offer: true,
      waitlist: true,
      reject: true,
      cancel: true,
      recordPayment: false,
    })
    expect(allowedActions(admin, app('CONFIRMED'), now)).toMatchObject({ recordPayment: true, offer: false })
    expect(Object.values(allowedActions(ticketAdmin, app('SUBMITTED'), now)).some(Boolean)).toBe(false)
  })
})
