import { CalendarPlus } from 'lucide-react'
import { useMemo } from 'react'
import { useQuery } from 'urql'
import { panelClass } from '#client/components/ui/panel.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { ListingsQuery as ListingsData } from '#client/gql/graphql.ts'
import { EVENT_TYPE_LABELS } from '../event-labels.ts'
import { ListingsQuery } from '../graphql/listings.query.ts'
import { useShowRevealSubscription } from '../hooks/use-show-name.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { applyPath, EventMeta } from './event-meta.tsx'
import { RevealAnnouncer } from './reveal-announcer.tsx'
import { ShowTitle } from './show-title.tsx'
import { TicketCallToAction } from './ticket-call-to-action.tsx'

type Listing = ListingsData['listings'][number]

function ListingCard({ event, timeZone, now }: { event: Listing; timeZone?: string; now: Date }) {
  const headingId = `listing-${event.slug}`
  const path = `/listings/${encodeURIComponent(event.slug)}`
  const apply = applyPath(event)
  // One primary action a card: Apply, else the tickets, else Find out more.
  const canApply = apply !== null
  const tickets =
    Boolean(event.myTicketStanding) ||
    (event.ticketCallToAction != null && event.ticketCallToAction !== 'SOLD_OUT')
  return (
    <li>
      <article aria-labelledby={headingId} className={panelClass()} data-testid="listing">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {EVENT_TYPE_LABELS[event.type]}
        </p>
        <h2 id={headingId} className="mt-1 text-xl font-bold tracking-tight text-brand-950">
          <ShowTitle event={event} />
        </h2>
        {event.summary ? <p className="mt-2 text-sm text-slate-700">{event.summary}</p> : null}
        <EventMeta event={event} timeZone={timeZone} now={now} />
        <div className="mt-4 flex flex-wrap gap-3">
          {apply ? (
            <ButtonLink to={apply} aria-describedby={headingId}>
              Apply
            </ButtonLink>
          ) : null}
          <TicketCallToAction
            event={event}
            variant={canApply ? 'secondary' : 'primary'}
            describedBy={headingId}
          />
          <ButtonLink
            to={path}
            variant={canApply || tickets ? 'secondary' : 'primary'}
            aria-describedby={headingId}
          >
            Find out more
          </ButtonLink>
        </div>
      </article>
    </li>
  )
}

/** `/listings`: the society's upcoming public events, for anyone. */
export function ListingsPage() {
  const query = useQuery({ query: ListingsQuery, requestPolicy: 'cache-and-network' })
  const timeZone = useSocietyTimeZone()
  const now = useMemo(() => new Date(), [])
  useShowRevealSubscription()
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Upcoming events · Stagedoor</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Upcoming events</h1>
      <p className="mt-2 text-slate-700">Concerts, sing-throughs, shows and socials: everyone is welcome.</p>
      <p className="mt-3 inline-flex items-center gap-2 text-sm">
        <CalendarPlus aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
        <a
          href="/api/calendar/public.ics"
          className="font-medium text-brand-800 underline underline-offset-2"
        >
          Subscribe to these events in your calendar
        </a>
        <span className="text-slate-600">(iCalendar feed)</span>
      </p>
      <RevealAnnouncer />
      <QueryView query={query} loadingLabel="Loading events…" what="the events" level={2}>
        {({ listings }) =>
          listings.length === 0 ? (
            <p className={`mt-8 ${panelClass()} text-slate-700`}>
              There are no upcoming events right now. Check back soon.
            </p>
          ) : (
            <ul className="mt-8 grid gap-4" aria-label="Upcoming events">
              {listings.map((event) => (
                <ListingCard key={event.id} event={event} timeZone={timeZone} now={now} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  )
}
