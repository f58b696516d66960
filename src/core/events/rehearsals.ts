import type { ApplicationStatus } from '#core/applications/status.ts'
import type { EventConfig, ScheduleDate } from './event-config.schemas.ts'

/** Who sees an event's rehearsal dates: its participants (an accepted place), as with the cast list. */
export const REHEARSAL_STATUSES: readonly ApplicationStatus[] = ['CONFIRMED', 'PAID']

/**
 * The rehearsal dates a member with these applications to the event may see, soonest first: none
 * unless one of them holds a place. Performances are the event's own dates and not repeated.
 */
export function rehearsalsFor(
  config: Pick<EventConfig, 'schedule'>,
  statuses: readonly ApplicationStatus[],
): ScheduleDate[] {
  if (!statuses.some((s) => REHEARSAL_STATUSES.includes(s))) return []
  return (config.schedule ?? [])
    .filter((d) => d.kind === 'REHEARSAL')
    .sort((a, b) => a.date.localeCompare(b.date))
}
