import { can } from '../auth/policies.ts'
import type { HasRoles } from '../auth/roles.ts'
import { isShowNameRevealed, type EventVisibility } from './event.ts'

type Viewer = (HasRoles & { id?: string }) | null | undefined

/** Drafts are for staff; members-only events need a signed-in member; public events are for all. */
export function canSeeEvent(
  viewer: Viewer,
  event: { visibility: EventVisibility; archivedAt?: Date | null },
): boolean {
  if (event.visibility === 'draft') return can(viewer, 'admin.general')
  if (event.visibility === 'members') return Boolean(viewer)
  return true
}

/** Visibilities a viewer may list. */
export function visibleVisibilities(viewer: Viewer): EventVisibility[] {
  if (can(viewer, 'admin.general')) return ['draft', 'members', 'public']
  return viewer ? ['members', 'public'] : ['public']
}

/**
 * The show name as this viewer may see it: those who may schedule reveals (`admin.showReveals`) see it before the reveal;
 * everyone else gets null until the reveal time (PRODUCT.md §7).
 */
export function visibleShowName(
  viewer: Viewer,
  event: { showName: string | null; revealAt: Date | string | null },
  now: Date,
): string | null {
  if (event.showName === null) return null
  if (isShowNameRevealed(event, now) || can(viewer, 'admin.showReveals')) return event.showName
  return null
}
