import {
  applicationNavItems,
  navApplications,
  type NavApplication,
  type NavItemKey,
} from '../navigation/member-nav.ts'

/** The participant pages whose data the server guards with the navigation rules. */
export const PARTICIPANT_PAGES = [
  'infoPack',
  'venueAccess',
  'castList',
  'partBreakdown',
  'socialLinks',
  'noteBashing',
] as const
export type ParticipantPage = (typeof PARTICIPANT_PAGES)[number]

/**
 * The sidebar item whose rule grants each page. Note-bashing has no sidebar item of its own: it
 * follows the Part Breakdown rule (info pack released, not orchestra), since learning tracks are per
 * number × part of that same matrix (docs/decisions/0016-participant-material.md).
 */
export const PAGE_NAV_ITEM: Record<ParticipantPage, NavItemKey> = {
  infoPack: 'infoPack',
  venueAccess: 'venueAccess',
  castList: 'castList',
  partBreakdown: 'partBreakdown',
  socialLinks: 'socialLinks',
  noteBashing: 'partBreakdown',
}

/**
 * The member's application that grants a page of one event, or null: the page is shown exactly when
 * the sidebar (memberSidebar → navApplications → applicationNavItems) would show its item. Pass the
 * member's applications to that event; `applicationType` narrows to one type (the info pack by type).
 * Defined only through member-nav.ts, so the server and the sidebar cannot disagree.
 */
export function grantingApplication<A extends NavApplication>(
  page: ParticipantPage,
  applications: readonly A[],
  now: Date,
  applicationType?: string | null,
): A | null {
  const item = PAGE_NAV_ITEM[page]
  const candidates = navApplications(applications, now).filter(
    (a) => !applicationType || a.applicationType === applicationType,
  )
  return candidates.find((a) => applicationNavItems(a).some((i) => i.key === item)) ?? null
}
