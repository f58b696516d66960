// What is fetched ahead for offline use and what is dropped, from the sidebar's data (issue 19,
// decision 0028). Pure, shared by the worker (dropping) and the page's prefetch (fetching ahead);
// the sidebar's own rules (core/navigation) decide which pages an event grants.
import {
  applicationNavItems,
  navApplications,
  type NavApplication,
  type NavItemKey,
} from '#core/navigation/member-nav.ts'
import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'
import { EVENT_TYPES, type EventType } from '#core/events/event.ts'

/** A participant page's query, with the variables the page itself sends (so the keys match). */
export interface PlannedQuery {
  operationName: string
  variables: Record<string, unknown>
  /** The event it belongs to; null for the member's own lists (tickets). */
  eventSlug: string | null
}

export interface OfflinePlan {
  /** Every event the sidebar lists, with the operations of the pages it grants there. */
  events: Map<string, Set<string>>
  /** What to fetch ahead, in sidebar order. */
  queries: PlannedQuery[]
}

/** The operations of the pages an event grants, by sidebar item (social links are not kept). */
const PAGE_QUERIES: Partial<Record<NavItemKey, (a: NavApplication) => PlannedQuery>> = {
  castList: (a) => page('CastList', a, {}),
  infoPack: (a) => page('InfoPack', a, { applicationType: a.applicationType }),
  partBreakdown: (a) => page('PartBreakdown', a, {}),
  venueAccess: (a) => page('VenueAccess', a, {}),
}

/** The per-event operations a plan decides on (others, like learning tracks, follow the event). */
export const PAGE_OPERATIONS: ReadonlySet<string> = new Set([
  'CastList',
  'InfoPack',
  'PartBreakdown',
  'VenueAccess',
])

/** The member's tickets (with their QR codes): the page sends no variables. */
const MY_TICKETS: PlannedQuery = { operationName: 'MyTickets', variables: {}, eventSlug: null }

function page(operationName: string, a: NavApplication, extra: Record<string, unknown>): PlannedQuery {
  // NOTE: the pages send `preview: null` (participants/components/*-page.tsx).
  return {
    operationName,
    variables: { eventSlug: a.event.slug, ...extra, preview: null },
    eventSlug: a.event.slug,
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * NavItemsQuery's applications (a GraphQL answer's `data.myApplications`, or the typed list) in the
 * shape the sidebar rules take; null when the answer is not that shape (nothing is dropped then).
 * Payment lines only decide the social links page, which is not kept, so they are left empty.
 */
export function navApplicationsOf(myApplications: unknown): NavApplication[] | null {
  if (!Array.isArray(myApplications)) return null
  const applications: NavApplication[] = []
  for (const item of myApplications) {
    const application = navApplicationOf(item)
    if (!application) return null
    applications.push(application)
  }
  return applications
}

const isString = (value: unknown): value is string => typeof value === 'string'
const isInstant = (value: unknown): value is string | Date => isString(value) || value instanceof Date
const isStatus = (value: unknown): value is ApplicationStatus =>
  (APPLICATION_STATUSES as readonly unknown[]).includes(value)
const isEventType = (value: unknown): value is EventType =>
  (EVENT_TYPES as readonly unknown[]).includes(value)
const isFlag = (value: unknown): value is boolean | undefined =>
  value === undefined || typeof value === 'boolean'

/** One application of the answer, read field by field; null when any field is not what it should be. */
function navApplicationOf(item: unknown): NavApplication | null {
  if (!isRecord(item) || !isRecord(item.event)) return null
  const { id, applicationType, status, updatedAt, event } = item
  if (!isRecord(event.eventConfig)) return null
  const { permissions } = event.eventConfig
  if (!isString(id) || !isString(applicationType) || !isStatus(status) || !isInstant(updatedAt)) return null
  const { slug, type, title, showName, startDate, endDate, signupDeadline } = event
  if (!isString(slug) || !isEventType(type) || !isString(title)) return null
  if (!(showName === null || isString(showName)) || !isInstant(startDate) || !isInstant(endDate)) return null
  if (!(signupDeadline === undefined || signupDeadline === null || isInstant(signupDeadline))) return null
  if (!isRecord(permissions)) return null
  const { releaseParticipantInfoPack, releaseFinalParticipantInfo, releaseCastList } = permissions
  if (typeof releaseParticipantInfoPack !== 'boolean' || typeof releaseFinalParticipantInfo !== 'boolean')
    return null
  if (!isFlag(releaseCastList)) return null
  return {
    id,
    applicationType,
    status,
    updatedAt,
    event: {
      slug,
      type,
      title,
      showName,
      startDate,
      endDate,
      signupDeadline,
      eventConfig: {
        permissions: { releaseParticipantInfoPack, releaseFinalParticipantInfo, releaseCastList },
        paymentLines: {},
      },
    },
  }
}

/** The plan for the sidebar's applications at `now`: the listed events, their pages, the tickets. */
export function offlinePlan(applications: readonly NavApplication[], now: Date): OfflinePlan {
  const events = new Map<string, Set<string>>()
  const queries: PlannedQuery[] = []
  for (const application of navApplications(applications, now)) {
    const granted = events.get(application.event.slug) ?? new Set<string>()
    events.set(application.event.slug, granted)
    for (const item of applicationNavItems(application)) {
      const query = PAGE_QUERIES[item.key]?.(application)
      if (!query || granted.has(query.operationName)) continue
      granted.add(query.operationName)
      queries.push(query)
    }
  }
  queries.push(MY_TICKETS)
  return { events, queries }
}

/** What a kept entry says about itself (its EVENT_HEADER and KIND_HEADER). */
export interface KeptEntry {
  event: string | null
  kind: string | null
}

/**
 * Whether a kept entry goes, given the sidebar's plan: anything of an event the sidebar no longer
 * lists (withdrawn, event over); a page the event no longer grants; an attachment once the info pack
 * is not granted. The session, the sidebar and the tickets belong to no event and stay (sign-out
 * deletes them). Learning tracks stay while the event is listed.
 */
export function dropKept(entry: KeptEntry, plan: OfflinePlan): boolean {
  if (!entry.event) return false
  const granted = plan.events.get(entry.event)
  if (!granted) return true
  if (entry.kind === 'attachment') return !granted.has('InfoPack')
  if (entry.kind && PAGE_OPERATIONS.has(entry.kind)) return !granted.has(entry.kind)
  return false
}

/** A short fingerprint of a plan's queries: a changed sidebar is fetched ahead again at once. */
export function planKey(plan: OfflinePlan): string {
  return plan.queries.map((q) => `${q.operationName}:${q.eventSlug ?? ''}`).join('|')
}
