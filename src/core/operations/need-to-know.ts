import type { EventType } from '../events/event.ts'
import { hasRole, type HasRoles, type Role } from '../auth/roles.ts'

/**
 * Who administers each kind of event: the "area" whose admins may see emergency contacts and
 * medical/access needs (need-to-know). The musical director runs the singing events, the orchestra
 * admin the concerts, the social convenor the socials; superAdmin and the board cover every area.
 */
export const EVENT_AREA_ROLES: Readonly<Record<EventType, readonly Role[]>> = {
  CHOIR_SEASON: ['superAdmin', 'boardMember', 'sitrMD'],
  SINGTHROUGH: ['superAdmin', 'boardMember', 'sitrMD'],
  SHOW: ['superAdmin', 'boardMember', 'sitrMD'],
  CONCERT: ['superAdmin', 'boardMember', 'orchestraAdmin'],
  SOCIAL: ['superAdmin', 'boardMember', 'socialConvenor'],
}

/** Whether the user administers the area of an event of this type. */
export function administersArea(user: HasRoles | null | undefined, type: EventType): boolean {
  return hasRole(user, EVENT_AREA_ROLES[type])
}

export const DAY_MS = 24 * 60 * 60 * 1000

/** Emergency contacts stay visible until the event's end plus this many days (then hidden from all). */
export function needToKnowHiddenAt(endDate: Date, keepDays: number): Date {
  return new Date(endDate.getTime() + keepDays * DAY_MS)
}

export function needToKnowHidden(endDate: Date, keepDays: number, now: Date): boolean {
  return now.getTime() >= needToKnowHiddenAt(endDate, keepDays).getTime()
}
