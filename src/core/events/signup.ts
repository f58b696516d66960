import type { ApplicationTypeConfig } from './event-config.schemas.ts'

/** What the signup rules need to know about an event. */
export interface SignupEvent {
  visibility: 'draft' | 'members' | 'public'
  signupDeadline: Date | string | null
  endDate: Date | string
  archivedAt?: Date | string | null
  /** A show's reveal time: before it, the show takes no applications unless its type says so. */
  revealAt?: Date | string | null
  eventConfig: {
    applicationTypes: Record<string, Pick<ApplicationTypeConfig, 'open'> & { openBeforeReveal?: boolean }>
  }
}

/** Why members cannot apply now. */
export const SIGNUP_CLOSED_REASONS = [
  'NO_SUCH_TYPE',
  'DRAFT',
  'ARCHIVED',
  'TYPE_CLOSED',
  'NOT_REVEALED',
  'DEADLINE_PASSED',
  'ENDED',
] as const
export type SignupClosedReason = (typeof SIGNUP_CLOSED_REASONS)[number]

export const SIGNUP_CLOSED_MESSAGES: Record<SignupClosedReason, string> = {
  NO_SUCH_TYPE: 'This event does not take that kind of application.',
  DRAFT: 'This event is not open yet.',
  ARCHIVED: 'This event has been archived.',
  TYPE_CLOSED: 'Applications of this kind are closed.',
  NOT_REVEALED: 'Applications open when the show is revealed.',
  DEADLINE_PASSED: 'The signup deadline has passed.',
  ENDED: 'This event has finished.',
}

/**
 * Why members cannot apply for `type` at `now`, or null when they can. Without a signup deadline an
 * event takes applications until it ends. A show with a future reveal takes none until it is revealed,
 * unless the application type is set to open before the reveal. Admins adding a late application skip this rule.
 */
export function signupClosedReason(event: SignupEvent, type: string, now: Date): SignupClosedReason | null {
  const config = Object.hasOwn(event.eventConfig.applicationTypes, type)
    ? event.eventConfig.applicationTypes[type]
    : undefined
  if (!config) return 'NO_SUCH_TYPE'
  if (event.visibility === 'draft') return 'DRAFT'
  if (event.archivedAt) return 'ARCHIVED'
  if (!config.open) return 'TYPE_CLOSED'
  if (isBeforeReveal(event, now) && !config.openBeforeReveal) return 'NOT_REVEALED'
  if (event.signupDeadline && new Date(event.signupDeadline).getTime() <= now.getTime())
    return 'DEADLINE_PASSED'
  if (new Date(event.endDate).getTime() <= now.getTime()) return 'ENDED'
  return null
}

/** The application types members can apply for now (jsonb keeps object keys in its own order, not the order staff wrote them). */
export function openApplicationTypes(event: SignupEvent, now: Date): string[] {
  return Object.keys(event.eventConfig.applicationTypes).filter(
    (t) => signupClosedReason(event, t, now) === null,
  )
}

/** Whether the event has a reveal still to come (its name is secret until then). */
export function isBeforeReveal(event: { revealAt?: Date | string | null }, now: Date): boolean {
  return event.revealAt != null && new Date(event.revealAt).getTime() > now.getTime()
}
