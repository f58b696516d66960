import type { ApplicationStatus } from '../applications/status.ts'
import {
  CAST_STATUSES,
  canSeeCastList,
  canSeeInfoPack,
  canSeePartBreakdown,
  canSeeSocialLinks,
  canSeeVenueAccess,
  type NavApplication,
} from '../participants/policies.ts'

// NOTE: re-exported so the sidebar's callers keep one import; the rules live in participants/policies.ts.
export { CAST_STATUSES, type NavApplication }

/** Statuses that put an application in the navigation. */
export const NAV_STATUSES: readonly ApplicationStatus[] = ['OFFERED', 'CONFIRMED', 'PAID']

export type NavItemKey =
  | 'events'
  | 'profile'
  | 'applications'
  | 'tickets'
  | 'castList'
  | 'infoPack'
  | 'partBreakdown'
  | 'venueAccess'
  | 'socialLinks'

export interface NavItem {
  key: NavItemKey
  label: string
  to: string
}

export const NAV_LABELS: Record<NavItemKey, string> = {
  events: 'Events',
  profile: 'Profile',
  applications: 'Applications',
  tickets: 'Tickets',
  castList: 'Cast List',
  infoPack: 'Info Pack',
  partBreakdown: 'Part Breakdown',
  venueAccess: 'Venue Access',
  socialLinks: 'Social Links',
}

const time = (d: string | Date) => new Date(d).getTime()

/**
 * The applications shown in the navigation: OFFERED, CONFIRMED or PAID, for an event that has not
 * ended and is not a CHOIR_SEASON, earliest start first.
 */
export function navApplications<A extends NavApplication>(applications: readonly A[], now: Date): A[] {
  return applications
    .filter(
      (a) =>
        NAV_STATUSES.includes(a.status) &&
        time(a.event.endDate) > now.getTime() &&
        a.event.type !== 'CHOIR_SEASON',
    )
    .sort((a, b) => time(a.event.startDate) - time(b.event.startDate))
}

/** The primary application: the one for a SINGTHROUGH event, otherwise the first. */
export function primaryApplication<A extends NavApplication>(navApps: readonly A[]): A | undefined {
  return navApps.find((a) => a.event.type === 'SINGTHROUGH') ?? navApps[0]
}

/** The event items of one nav application, in sidebar order, with the spec's routes. */
export function applicationNavItems(a: NavApplication): NavItem[] {
  const slug = encodeURIComponent(a.event.slug)
  const type = encodeURIComponent(a.applicationType)
  const items: NavItem[] = []
  if (canSeeCastList(a)) items.push({ key: 'castList', label: NAV_LABELS.castList, to: `/${slug}/cast-list` })
  if (canSeeInfoPack(a)) {
    items.push({
      key: 'infoPack',
      label: NAV_LABELS.infoPack,
      to: `/applications/${slug}/participant-info/${type}`,
    })
  }
  if (canSeePartBreakdown(a)) {
    items.push({ key: 'partBreakdown', label: NAV_LABELS.partBreakdown, to: `/${slug}/part-breakdown` })
  }
  if (canSeeVenueAccess(a)) {
    items.push({
      key: 'venueAccess',
      label: NAV_LABELS.venueAccess,
      to: `/applications/${slug}/venue-access`,
    })
  }
  if (canSeeSocialLinks(a))
    items.push({ key: 'socialLinks', label: NAV_LABELS.socialLinks, to: `/events/${slug}/social` })
  return items
}

export interface SidebarSection {
  /** Absent for the top section; the event's title for the others. */
  title?: string
  eventSlug?: string
  items: NavItem[]
}

export interface MemberSidebarInput {
  signedIn: boolean
  applications: readonly NavApplication[]
  now: Date
  /** Events whose tickets the member holds. */
  ticketEventSlugs?: readonly string[]
  /** The current path, to show Tickets while on an event's tickets page. */
  pathname?: string
}

/** The tickets page of an event the member is on, if any. */
export function ticketPageSlug(pathname: string | undefined): string | undefined {
  if (!pathname) return undefined
  const match = /^\/(?:events\/([^/]+)\/tickets|([^/]+)\/ticket-sales)\/?$/.exec(pathname)
  const slug = match?.[1] ?? match?.[2]
  return slug ? decodeURIComponent(slug) : undefined
}

/**
 * The member sidebar: Events, Profile, Applications (and Tickets where it applies), then the primary
 * application's items, then every other nav application's items under its event's title.
 */
export function memberSidebar(input: MemberSidebarInput): SidebarSection[] {
  const top: NavItem[] = [{ key: 'events', label: NAV_LABELS.events, to: input.signedIn ? '/' : '/listings' }]
  if (!input.signedIn) return [{ items: top }]
  top.push({ key: 'profile', label: NAV_LABELS.profile, to: '/profile' })
  top.push({ key: 'applications', label: NAV_LABELS.applications, to: '/applications' })
  const ticketSlugs = new Set(input.ticketEventSlugs ?? [])
  const onTicketPage = ticketPageSlug(input.pathname)
  if (onTicketPage) ticketSlugs.add(onTicketPage)
  for (const slug of ticketSlugs) {
    top.push({ key: 'tickets', label: NAV_LABELS.tickets, to: `/events/${encodeURIComponent(slug)}/tickets` })
  }

  const navApps = navApplications(input.applications, input.now)
  const primary = primaryApplication(navApps)
  const ordered = primary ? [primary, ...navApps.filter((a) => a !== primary)] : []
  const sections: SidebarSection[] = [{ items: top }]
  for (const app of ordered) {
    const items = applicationNavItems(app)
    if (items.length === 0) continue
    sections.push({ title: app.event.showName ?? app.event.title, eventSlug: app.event.slug, items })
  }
  return sections
}
