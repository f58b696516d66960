import type { ApplicationStatus } from '../applications/status.ts'
import type { EventType } from '../events/event.ts'

/**
 * Who may see which participant page (cast list, info pack, part breakdown, venue access, social
 * links): the policy of the participant pages, as Outline keeps one policy file per model. The
 * sidebar (navigation/member-nav.ts) shows a link by these rules and the server checks the same rule
 * before it returns the page (server/modules/participants/participant-access.ts).
 */

/** An application as the navigation sees it (the NavItemsQuery shape). */
export interface NavApplication {
  id: string
  applicationType: string
  status: ApplicationStatus
  updatedAt: string | Date
  event: {
    slug: string
    type: EventType
    title: string
    showName: string | null
    startDate: string | Date
    endDate: string | Date
    signupDeadline?: string | Date | null
    eventConfig: {
      permissions: {
        releaseParticipantInfoPack: boolean
        releaseFinalParticipantInfo: boolean
        releaseCastList?: boolean
      }
      paymentLines: Record<string, readonly { key: string }[]>
    }
  }
}

/** Statuses that make a member part of the cast. */
export const CAST_STATUSES: readonly ApplicationStatus[] = ['CONFIRMED', 'PAID']

// Each rule below is what the server checks before it returns the page's data, and what the
// sidebar checks before it shows the link.

/**
 * Cast List: a CONFIRMED or PAID application to a SINGTHROUGH event, or to any other event once staff
 * set `releaseCastList` (issue 7).
 */
export function canSeeCastList(a: NavApplication): boolean {
  return (
    CAST_STATUSES.includes(a.status) &&
    (a.event.type === 'SINGTHROUGH' || a.event.eventConfig.permissions.releaseCastList === true)
  )
}

/** Info Pack: the event config releases the participant info pack. */
export function canSeeInfoPack(a: NavApplication): boolean {
  return a.event.eventConfig.permissions.releaseParticipantInfoPack
}

/** Part Breakdown: info pack released and the application type is not orchestra. */
export function canSeePartBreakdown(a: NavApplication): boolean {
  return canSeeInfoPack(a) && a.applicationType !== 'orchestra'
}

/** Venue Access: both the info pack and the final participant info are released. */
export function canSeeVenueAccess(a: NavApplication): boolean {
  return canSeeInfoPack(a) && a.event.eventConfig.permissions.releaseFinalParticipantInfo
}

/** Social Links: info pack released and the type's payment lines have no line with key `social`. */
export function canSeeSocialLinks(a: NavApplication): boolean {
  const lines = a.event.eventConfig.paymentLines[a.applicationType] ?? []
  return canSeeInfoPack(a) && !lines.some((line) => line.key === 'social')
}
