import { CalendarDays, ChevronRight, Clock, MapPin } from 'lucide-react'
import { useCallback, useMemo, type ReactNode } from 'react'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { formatPence } from '#core/money.ts'
import { hasEnded } from '#core/events/event.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { HomeEventsQuery as HomeEventsData } from '#client/gql/graphql.ts'
import { formatDate, formatDateRange } from '#client/lib/format.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { EVENT_TYPE_LABELS } from '../event-labels.ts'
import { HomeEventsQuery } from '../graphql/home-events.query.ts'
import { useShowName, useShowRevealSubscription } from '../hooks/use-show-name.ts'
import { CalendarFeed } from './calendar-feed.tsx'
import { RevealAnnouncer } from './reveal-announcer.tsx'
import { useRefetchOnMyChanges } from '#client/lib/my-changes.ts'
import { MyStatusBadges } from './my-status-badges.tsx'
import { TicketCallToAction } from './ticket-call-to-action.tsx'

type HomeEvent = HomeEventsData['events'][number]
type MyApplication = HomeEventsData['myApplications'][number]

/** The show's name under the title: what the server sent, or the name revealed live since. */
function CardShowName({ event }: { event: HomeEvent }) {
  const { showName, revealedLive } = useShowName(event)
  if (!showName || showName === event.title) return null
  return (
    <p className={`text-sm text-slate-700 italic ${revealedLive ? 'reveal-in' : ''}`} data-testid="show-name">
      {showName}
    </p>
  )
}

function EventCard({
  event,
  applications,
  now,
}: {
  event: HomeEvent
  applications: MyApplication[]
  now: Date
}) {
  const deadlineOpen = event.signupDeadline ? new Date(event.signupDeadline).getTime() > now.getTime() : false
  const headingId = `event-${event.slug}`
  return (
    <li>
      <Panel as="article" aria-labelledby={headingId} className="relative transition-shadow hover:shadow-md">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
              {EVENT_TYPE_LABELS[event.type]}
            </p>
            <h2 id={headingId} className="mt-1 text-xl font-bold tracking-tight text-brand-950">
              <Link
                to={`/events/${encodeURIComponent(event.slug)}`}
                className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
              >
                {event.title}
              </Link>
            </h2>
            <CardShowName event={event} />
          </div>
          <ChevronRight aria-hidden="true" className="mt-6 size-5 shrink-0 text-brand-400" />
        </div>
        {event.summary ? <p className="mt-2 text-sm text-slate-700">{event.summary}</p> : null}
        <ul className="mt-3 flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-5">
          <li className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            {formatDateRange(event.startDate, event.endDate)}
          </li>
          {event.venue ? (
            <li className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              {event.venue}
            </li>
          ) : null}
          {deadlineOpen && applications.length === 0 && event.signupDeadline ? (
            <li className="inline-flex items-center gap-1.5 font-medium text-slate-900">
              <Clock aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              Apply by {formatDate(event.signupDeadline)}
            </li>
          ) : null}
        </ul>
        <MyStatusBadges heading="Your status" level="h3" applications={applications} />
        {/* NOTE: above the card's stretched link, so it is a link of its own. */}
        <TicketCallToAction event={event} describedBy={headingId} className="relative z-10 mt-4 w-fit" />
      </Panel>
    </li>
  )
}

/** What the member still has to pay, soonest due first, with a link to how to pay it. */
function PaymentsDue({ applications }: { applications: MyApplication[] }) {
  const due = applications
    .filter((a) => a.outstandingPence > 0)
    .sort((a, b) => (a.paymentDue ?? '9999').localeCompare(b.paymentDue ?? '9999'))
  if (due.length === 0) return null
  return (
    <Panel as="section" aria-labelledby="payments-due" className="mt-6 border-amber-300 bg-amber-50">
      <h2 id="payments-due" className="text-lg font-bold text-brand-950">
        Payments due
      </h2>
      <ul className="mt-2 divide-y divide-amber-200 text-sm">
        {due.map((a) => (
          <li key={a.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
            <span>
              <span className="font-semibold">{a.event.title}</span> · {a.applicationTypeLabel}
            </span>
            <span className="font-semibold">
              {formatPence(a.outstandingPence)}
              {a.paymentDue ? ` due ${formatDate(a.paymentDue, 'UTC')}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        <Link to="/applications" className="font-semibold text-brand-800 underline underline-offset-2">
          How to pay
        </Link>
      </p>
    </Panel>
  )
}

function EventList({ data }: { data: HomeEventsData }) {
  const { upcoming, now } = useMemo(() => {
    const at = new Date()
    return { upcoming: data.events.filter((event) => !hasEnded(event, at)), now: at }
  }, [data.events])
  const bySlug = useMemo(() => {
    const map = new Map<string, MyApplication[]>()
    for (const application of data.myApplications) {
      map.set(application.event.slug, [...(map.get(application.event.slug) ?? []), application])
    }
    return map
  }, [data.myApplications])

  if (upcoming.length === 0) {
    return (
      <Panel as="p" className="mt-8 text-slate-700">
        There are no upcoming events right now. New ones appear here as soon as they are announced.
      </Panel>
    )
  }
  return (
    <ul className="mt-8 grid gap-4" aria-label="Upcoming events">
      {upcoming.map((event) => (
        <EventCard key={event.id} event={event} applications={bySlug.get(event.slug) ?? []} now={now} />
      ))}
    </ul>
  )
}

/**
 * The signed-in home (`/` and `/events`): upcoming events with the member's status on each, show
 * names as they are revealed (live), the member's tickets (composed by the app: they belong to
 * tickets; `ticketsLoading` while their own query runs) and the member's private calendar feed.
 *
 * Nothing is drawn below the greeting until the events and the tickets have both arrived, and then
 * all at once: a card or the calendar box drawn first would be pushed down by what came after it (a
 * layout shift of 0.14 at 1280 px and 0.31 at 375 px when the calendar box came with the page).
 */
export function MemberHomePage({
  tickets,
  ticketsLoading = false,
}: {
  tickets?: ReactNode
  ticketsLoading?: boolean
}) {
  const { user } = useAuth()
  const events = useQuery({ query: HomeEventsQuery, requestPolicy: 'cache-and-network' })
  const query: typeof events = ticketsLoading ? [{ ...events[0], data: undefined }, events[1]] : events
  const refetch = query[1]
  useRefetchOnMyChanges(useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]))
  const firstName = user?.name.trim().split(/\s+/)[0]
  useShowRevealSubscription()
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Events · Stagedoor</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Events</h1>
      <p className="mt-2 text-slate-700">
        {firstName ? `Hello, ${firstName}. ` : ''}Here is what is coming up, and where you stand.
      </p>
      <RevealAnnouncer />
      <QueryView query={query} loadingLabel="Loading events…" what="the events" level={2}>
        {(data) => (
          <>
            <PaymentsDue applications={data.myApplications} />
            {tickets}
            <EventList data={data} />
            <CalendarFeed />
          </>
        )}
      </QueryView>
    </div>
  )
}
