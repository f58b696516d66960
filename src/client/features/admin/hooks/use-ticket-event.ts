import { useSyncExternalStore } from 'react'
import { useMatch, useNavigate } from 'react-router'
import { useQuery } from 'urql'
import { adminSidebar } from '#core/navigation/admin-nav.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { AdminEventsQuery } from '../graphql/admin-events.query.ts'
import { effectiveTicketEvent, TICKET_EVENT_STORAGE_KEY } from '../ticket-event.ts'

const listeners = new Set<() => void>()

function readStored(): string | null {
  try {
    return window.localStorage.getItem(TICKET_EVENT_STORAGE_KEY)
  } catch {
    return null
  }
}

function store(slug: string): void {
  try {
    window.localStorage.setItem(TICKET_EVENT_STORAGE_KEY, slug)
  } catch {
    // Private browsing without storage: the choice lasts until the page is reloaded.
  }
  for (const listener of [...listeners]) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab chose an event.
  const onStorage = (event: StorageEvent) => {
    if (event.key === TICKET_EVENT_STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export interface PickerEvent {
  slug: string
  title: string
  startDate: string
}

export interface TicketEvent {
  /** The event the ticket links use, if any. */
  slug: string | undefined
  /** The events to choose from; undefined while they load. */
  events: PickerEvent[] | undefined
  /** Remember the choice; on a ticket page, go to the same page of the chosen event. */
  choose(slug: string): void
}

/**
 * The admin's event for Ticket Stats and Ticket Allocation (PRODUCT.md §3: an event picker, not a
 * fixed slug), remembered in this browser. `enabled: false` skips loading the events (an admin
 * without ticket pages has no picker).
 */
export function useTicketEvent({ enabled = true }: { enabled?: boolean } = {}): TicketEvent {
  const { user } = useAuth()
  const navigate = useNavigate()
  const [{ data }] = useQuery({
    query: AdminEventsQuery,
    requestPolicy: 'cache-and-network',
    pause: !enabled,
  })
  const stored = useSyncExternalStore(subscribe, readStored, () => null)
  const statsPage = useMatch('/admin/:eventSlug/tickets')
  const allocationPage = useMatch('/admin/:eventSlug/tickets/allocation')
  const setupPage = useMatch('/admin/:eventSlug/tickets/setup')
  const openPage = allocationPage
    ? 'ticketAllocation'
    : setupPage
      ? 'ticketSetup'
      : statsPage
        ? 'ticketStats'
        : undefined
  const routeSlug = (allocationPage ?? setupPage ?? statsPage)?.params.eventSlug
  const events = data?.events
  const slug = effectiveTicketEvent(
    routeSlug,
    stored,
    events?.map((event) => event.slug),
  )

  function choose(next: string) {
    store(next)
    if (!openPage || next === routeSlug) return
    const to = adminSidebar(user, next).find((item) => item.key === openPage)?.to
    if (to) navigate(to)
  }

  return { slug, events, choose }
}
