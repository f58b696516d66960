import { can } from '../auth/policies.ts'
import type { HasRoles } from '../auth/roles.ts'

/**
 * Application statuses and the transitions between them (PRODUCT.md §2, extending OFFERED,
 * CONFIRMED and PAID of the spec). This module is the one place the rules live: the server refuses
 * any transition `transition()` refuses, and the UI offers only what `allowedActions()` returns.
 */
export const APPLICATION_STATUSES = [
  'SUBMITTED',
  'WAITLISTED',
  'OFFERED',
  'CONFIRMED',
  'PAID',
  'DECLINED',
  'REJECTED',
  'EXPIRED',
  'WITHDRAWN',
  'CANCELLED',
] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

/** Statuses nothing moves out of. */
export const FINAL_STATUSES: readonly ApplicationStatus[] = [
  'DECLINED',
  'REJECTED',
  'EXPIRED',
  'WITHDRAWN',
  'CANCELLED',
]

/** Statuses that hold one of a type's places (counted against its capacity). */
export const PLACE_HOLDING_STATUSES: readonly ApplicationStatus[] = ['OFFERED', 'CONFIRMED', 'PAID']

/** Who makes a transition: the applicant, a committee member, or the app itself (jobs, payments). */
export type Actor = 'member' | 'admin' | 'system'

export const APPLICATION_ACTIONS = [
  'offer',
  'waitlist',
  'reject',
  'accept',
  'decline',
  'expire',
  'markPaid',
  'withdraw',
  'cancel',
] as const
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number]

interface Rule {
  actor: Actor
  from: readonly ApplicationStatus[]
  to: ApplicationStatus
}

const NON_FINAL: readonly ApplicationStatus[] = ['SUBMITTED', 'WAITLISTED', 'OFFERED', 'CONFIRMED', 'PAID']

/** The transition table of PRODUCT.md §2, one row per action. */
export const TRANSITIONS: Record<ApplicationAction, Rule> = {
  offer: { actor: 'admin', from: ['SUBMITTED', 'WAITLISTED'], to: 'OFFERED' },
  waitlist: { actor: 'admin', from: ['SUBMITTED'], to: 'WAITLISTED' },
  reject: { actor: 'admin', from: ['SUBMITTED', 'WAITLISTED'], to: 'REJECTED' },
  accept: { actor: 'member', from: ['OFFERED'], to: 'CONFIRMED' },
  decline: { actor: 'member', from: ['OFFERED'], to: 'DECLINED' },
  expire: { actor: 'system', from: ['OFFERED'], to: 'EXPIRED' },
  markPaid: { actor: 'system', from: ['CONFIRMED'], to: 'PAID' },
  withdraw: { actor: 'member', from: ['SUBMITTED', 'OFFERED', 'CONFIRMED', 'PAID'], to: 'WITHDRAWN' },
  cancel: { actor: 'admin', from: NON_FINAL, to: 'CANCELLED' },
}

export type TransitionRefusal = 'WRONG_ACTOR' | 'WRONG_STATUS' | 'OFFER_EXPIRED'

export type TransitionResult =
  { ok: true; to: ApplicationStatus } | { ok: false; reason: TransitionRefusal; message: string }

/** The facts a transition depends on besides the status. */
export interface TransitionContext {
  now: Date
  offerExpiresAt?: Date | string | null
}

function offerExpired(ctx: TransitionContext): boolean {
  return Boolean(ctx.offerExpiresAt) && new Date(ctx.offerExpiresAt!).getTime() <= ctx.now.getTime()
}

/**
 * May `actor` apply `action` to an application in status `from`? A member cannot accept an offer
 * whose expiry has passed, even before the expiry job has run.
 */
export function transition(
  from: ApplicationStatus,
  action: ApplicationAction,
  actor: Actor,
  ctx: TransitionContext,
): TransitionResult {
  const rule = TRANSITIONS[action]
  if (rule.actor !== actor) {
    return {
      ok: false,
      reason: 'WRONG_ACTOR',
      message: `Only ${describeActor(rule.actor)} can ${action} an application.`,
    }
  }
  if (!rule.from.includes(from)) {
    return {
      ok: false,
      reason: 'WRONG_STATUS',
      message: `An application that is ${from.toLowerCase()} cannot be ${PAST_TENSE[action]}.`,
    }
  }
  if (action === 'accept' && offerExpired(ctx)) {
    return { ok: false, reason: 'OFFER_EXPIRED', message: 'This offer has expired.' }
  }
  if (action === 'expire' && !offerExpired(ctx)) {
    return { ok: false, reason: 'WRONG_STATUS', message: 'This offer has not expired yet.' }
  }
  return { ok: true, to: rule.to }
}

function describeActor(actor: Actor): string {
  return actor === 'member' ? 'the applicant' : actor === 'admin' ? 'a committee member' : 'the system'
}

export const PAST_TENSE: Record<ApplicationAction, string> = {
  offer: 'offered a place',
  waitlist: 'waitlisted',
  reject: 'rejected',
  accept: 'accepted',
  decline: 'declined',
  expire: 'expired',
  markPaid: 'marked paid',
  withdraw: 'withdrawn',
  cancel: 'cancelled',
}

/** Can a member still edit the answers of their application? SUBMITTED and before the deadline. */
export function canEditAnswers(
  application: { status: ApplicationStatus },
  event: { signupDeadline: Date | string | null },
  now: Date,
): boolean {
  if (application.status !== 'SUBMITTED') return false
  return !event.signupDeadline || new Date(event.signupDeadline).getTime() > now.getTime()
}

export interface ViewerCan {
  edit: boolean
  withdraw: boolean
  accept: boolean
  decline: boolean
  offer: boolean
  waitlist: boolean
  reject: boolean
  cancel: boolean
  recordPayment: boolean
}

export interface ActionSubject {
  userId: string
  status: ApplicationStatus
  offerExpiresAt?: Date | string | null
  event: { signupDeadline: Date | string | null }
}

/**
 * What this viewer may do to this application now (sent with the data as `viewerCan`). The
 * applicant acts as a member on their own application; committee members with `admin.general` act
 * as admins on anyone's. A committee member's own application is still theirs to accept.
 */
export function allowedActions(
  viewer: (HasRoles & { id: string }) | null | undefined,
  application: ActionSubject,
  now: Date,
): ViewerCan {
  const own = Boolean(viewer) && viewer!.id === application.userId
  const admin = can(viewer, 'admin.general')
  const ctx: TransitionContext = { now, offerExpiresAt: application.offerExpiresAt ?? null }
  const ok = (action: ApplicationAction, actor: Actor) =>
    transition(application.status, action, actor, ctx).ok
  return {
    edit: own && canEditAnswers(application, application.event, now),
    withdraw: own && ok('withdraw', 'member'),
    accept: own && ok('accept', 'member'),
    decline: own && ok('decline', 'member'),
    offer: admin && ok('offer', 'admin'),
    waitlist: admin && ok('waitlist', 'admin'),
    reject: admin && ok('reject', 'admin'),
    cancel: admin && ok('cancel', 'admin'),
    recordPayment: admin && (application.status === 'CONFIRMED' || application.status === 'PAID'),
  }
}
