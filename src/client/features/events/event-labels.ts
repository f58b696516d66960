import type { ApplicationStatus } from '#core/applications/status.ts'
import type { EventType } from '#core/events/event.ts'

/** How a member reads each status of their own application. */
export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  SUBMITTED: 'Applied',
  WAITLISTED: 'On the waiting list',
  OFFERED: 'Offered a place',
  CONFIRMED: 'Confirmed',
  PAID: 'Paid',
  DECLINED: 'Declined',
  REJECTED: 'Not successful',
  EXPIRED: 'Offer expired',
  WITHDRAWN: 'Withdrawn',
  CANCELLED: 'Cancelled',
}

/** Colour of a status badge: good news, something to do, or over. */
export type StatusTone = 'positive' | 'action' | 'neutral' | 'ended'

export const STATUS_TONES: Record<ApplicationStatus, StatusTone> = {
  SUBMITTED: 'neutral',
  WAITLISTED: 'neutral',
  OFFERED: 'action',
  CONFIRMED: 'positive',
  PAID: 'positive',
  DECLINED: 'ended',
  REJECTED: 'ended',
  EXPIRED: 'ended',
  WITHDRAWN: 'ended',
  CANCELLED: 'ended',
}

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  CHOIR_SEASON: 'Choir season',
  SINGTHROUGH: 'Sing-through',
  CONCERT: 'Concert',
  SHOW: 'Show',
  SOCIAL: 'Social',
}

/** "singer" → "Singer", "front-of-house" → "Front of house". */
export function applicationTypeLabel(type: string): string {
  const words = type.replace(/[-_]+/g, ' ').trim()
  return words.charAt(0).toLocaleUpperCase('en-GB') + words.slice(1)
}
