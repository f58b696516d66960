import type { ApplicationStatus } from './status.ts'

/**
 * How each application status reads, once for every page and message (STYLE.md: "wording, tones and
 * badges for a domain value live once"). Members read plain words about their own application and
 * never the codes; staff read the short committee words. Pure data, so the server's emails can use
 * it too.
 */

/** The colour family of a status badge: what the reader should take from it at a glance. */
export type StatusTone =
  /** Waiting for the committee. */
  | 'pending'
  /** In the queue for a freed place. */
  | 'waiting'
  /** The member has something to do (answer an offer). */
  | 'action'
  /** A place is held. */
  | 'positive'
  /** Over: nothing moves out of it. */
  | 'ended'

export const STATUS_TONES = [
  'pending',
  'waiting',
  'action',
  'positive',
  'ended',
] as const satisfies readonly StatusTone[]

export interface StatusWording {
  /** What the applicant reads about their own application ("Applied", "Not successful"). */
  member: string
  /** What the committee reads in lists, filters and counts ("Submitted", "Rejected"). */
  staff: string
  tone: StatusTone
}

export const STATUS_WORDING: Readonly<Record<ApplicationStatus, StatusWording>> = {
  SUBMITTED: { member: 'Applied', staff: 'Submitted', tone: 'pending' },
  WAITLISTED: { member: 'On the waiting list', staff: 'Waitlisted', tone: 'waiting' },
  OFFERED: { member: 'Offered a place', staff: 'Offered', tone: 'action' },
  CONFIRMED: { member: 'Confirmed', staff: 'Confirmed', tone: 'positive' },
  PAID: { member: 'Paid', staff: 'Paid', tone: 'positive' },
  DECLINED: { member: 'Declined', staff: 'Declined', tone: 'ended' },
  REJECTED: { member: 'Not successful', staff: 'Rejected', tone: 'ended' },
  EXPIRED: { member: 'Offer expired', staff: 'Offer expired', tone: 'ended' },
  WITHDRAWN: { member: 'Withdrawn', staff: 'Withdrawn', tone: 'ended' },
  CANCELLED: { member: 'Cancelled', staff: 'Cancelled', tone: 'ended' },
}

/** Who is reading: the applicant about their own application, or the committee. */
export type StatusAudience = 'member' | 'staff'

/** The status in the words of its reader. */
export function statusLabel(status: ApplicationStatus, audience: StatusAudience): string {
  return STATUS_WORDING[status][audience]
}

export function statusTone(status: ApplicationStatus): StatusTone {
  return STATUS_WORDING[status].tone
}

/** "singer" → "Singer", "front-of-house" → "Front of house": a type key nobody gave a label. */
export function humanizeTypeKey(key: string): string {
  const words = key.replace(/[-_]+/g, ' ').trim()
  return words.charAt(0).toLocaleUpperCase('en-GB') + words.slice(1)
}

/**
 * The label of an application type, as its event's configuration names it; the key in words when
 * the event does not (a type since removed, or another event's). The one rule for every page that
 * shows a type beside a status.
 */
export function applicationTypeLabel(
  key: string,
  types?: readonly { key: string; label: string }[] | Readonly<Record<string, { label?: string }>> | null,
): string {
  const label = Array.isArray(types)
    ? types.find((t) => t.key === key)?.label
    : (types as Readonly<Record<string, { label?: string }>> | null | undefined)?.[key]?.label
  return label?.trim() ? label : humanizeTypeKey(key)
}
