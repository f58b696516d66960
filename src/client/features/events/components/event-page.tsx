import { isBeforeReveal } from '#core/events/signup.ts'
import { ChevronRight } from 'lucide-react'
import { useEffect, useMemo, type ReactNode } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { useQuery } from 'urql'
import { panelClass } from '#client/components/ui/panel.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { EventPageQuery as EventPageData } from '#client/gql/graphql.ts'
import { EVENT_TYPE_LABELS } from '../event-labels.ts'
import { EventMyApplicationsQuery } from '../graphql/event-my-applications.query.ts'
import { EventPageQuery } from '../graphql/event-page.query.ts'
import { useShowName, useShowRevealSubscription } from '../hooks/use-show-name.ts'
import { formatCalendarDate } from '#client/lib/format.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { applyPath, EventMeta, hasAuditions } from './event-meta.tsx'
import { RevealAnnouncer } from './reveal-announcer.tsx'
import { ShowTitle } from './show-title.tsx'
import { MyStatusBadges } from './my-status-badges.tsx'
import { hasTicketCallToAction, TicketCallToAction } from './ticket-call-to-action.tsx'

type PageEvent = EventPageData['event']

export interface EventPageProps {
  /** `/listings` for the public pages, `/events` inside the member shell. */
  base: '/listings' | '/events'
  /** Shown for an unknown slug (or a draft this viewer may not see). */
  notFound: ReactNode
}

/** Loads the event under `:slug`; an old slug is replaced in the URL by the current one. */
function useEventPage(base: string) {
  const { slug = '' } = useParams()
  const query = useQuery({ query: EventPageQuery, variables: { slug }, requestPolicy: 'cache-and-network' })
  const current = query[0].data?.event.slug
  const navigate = useNavigate()
  const location = useLocation()
  useEffect(() => {
    if (current && current !== slug) {
      const rest = location.pathname.slice(`${base}/${encodeURIComponent(slug)}`.length)
      navigate(`${base}/${encodeURIComponent(current)}${rest}${location.search}`, { replace: true })
    }
  }, [current, slug, base, navigate, location.pathname, location.search])
  useShowRevealSubscription()
  return query
}

function PageTitle({ event, suffix }: { event: PageEvent; suffix?: string }) {
  const { showName } = useShowName(event)
  const name = event.type === 'SHOW' && showName ? showName : event.title
  return <title>{`${suffix ? `${suffix} · ` : ''}${name} · Stagedoor`}</title>
}

/** Inside the member shell: the member's applications to this event (none on the public page). */
function useMyApplicationsTo(event: PageEvent, base: string) {
  const [mine] = useQuery({ query: EventMyApplicationsQuery, pause: base !== '/events' })
  return useMemo(
    () => (mine.data?.myApplications ?? []).filter((a) => a.event.slug === event.slug),
    [mine.data, event.slug],
  )
}

function Header({ event, timeZone, base }: { event: PageEvent; timeZone?: string; base: string }) {
  const now = useMemo(() => new Date(), [])
  const mine = useMyApplicationsTo(event, base)
  // One application per type: a type already applied for is shown as its status, never as Apply.
  const applied = new Set(mine.map((a) => a.applicationType))
  const stillOpen = event.openApplicationTypes.filter((t) => !applied.has(t.key))
  const apply = applyPath({ slug: event.slug, openApplicationTypes: stillOpen })
  const auditions = base === '/events' && hasAuditions(event)
  return (
    <header>
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        {EVENT_TYPE_LABELS[event.type]}
        {event.type === 'SHOW' ? ` · ${event.title}` : ''}
      </p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
        <ShowTitle event={event} />
      </h1>
      {event.summary ? <p className="mt-2 text-lg text-slate-700">{event.summary}</p> : null}
      <EventMeta event={event} timeZone={timeZone} now={now} />
      {isBeforeReveal(event, now) ? (
        <p className="mt-3 text-sm font-medium text-slate-900">
          {event.openApplicationTypes.length > 0
            ? 'Applications are open now, before the show is revealed.'
            : 'Applications open when the show is revealed.'}
        </p>
      ) : null}
      <MyStatusBadges
        heading="Your application"
        level="h2"
        applications={mine}
        linkFor={(application) =>
          `/applications/${encodeURIComponent(event.slug)}/${encodeURIComponent(application.applicationType)}`
        }
      />
      {apply || auditions || hasTicketCallToAction(event) ? (
        <div className="mt-5 flex flex-wrap gap-3">
          {apply ? (
            <ButtonLink to={apply}>
              {stillOpen.length === 1 ? `Apply as ${stillOpen[0]!.label}` : 'Apply'}
            </ButtonLink>
          ) : null}
          <TicketCallToAction event={event} variant={apply ? 'secondary' : 'primary'} />
          {auditions ? (
            <ButtonLink variant="secondary" to={`/events/${encodeURIComponent(event.slug)}/auditions`}>
              Audition information
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
    </header>
  )
}

/** `/listings/:slug` and `/events/:slug`: an event's description and its audience pages. */
export function EventPage({ base, notFound }: EventPageProps) {
  const query = useEventPage(base)
  const timeZone = useSocietyTimeZone()
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <RevealAnnouncer />
      <QueryView query={query} loadingLabel="Loading the event…" what="this event" notFound={notFound}>
        {({ event }) => (
          <article>
            <PageTitle event={event} />
            <Header event={event} timeZone={timeZone} base={base} />
            {event.myRehearsals.length > 0 ? (
              <section aria-labelledby="rehearsals" className={`mt-8 ${panelClass()}`}>
                <h2 id="rehearsals" className="text-lg font-bold text-brand-950">
                  Your rehearsals
                </h2>
                <ul className="mt-2 divide-y divide-brand-100">
                  {event.myRehearsals.map((r) => (
                    <li key={r.date} className="flex flex-wrap justify-between gap-x-4 py-2">
                      <span className="font-semibold">{formatCalendarDate(r.date)}</span>
                      <span className="text-slate-700">{r.label || 'Rehearsal'}</span>
                    </li>
                  ))}
                </ul>
                <p className="mt-2 text-sm text-slate-700">
                  Each is in your private calendar feed too (
                  <Link to="/events" className="underline">
                    set it up under Events
                  </Link>
                  ).
                </p>
              </section>
            ) : null}
            {event.descriptionHtml ? (
              <div
                className={`prose mt-8 max-w-none ${panelClass()}`}
                // NOTE: sanitised on the server (Markdown rendered with sanitize-html).
                dangerouslySetInnerHTML={{ __html: event.descriptionHtml }}
              />
            ) : null}
            {event.audienceTypes.length > 0 ? (
              <section aria-labelledby="audience-heading" className="mt-8">
                <h2 id="audience-heading" className="text-xl font-bold text-brand-950">
                  Who it is for
                </h2>
                <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                  {event.audienceTypes.map((audience) => (
                    <li key={audience.key}>
                      <Link
                        to={`${base}/${encodeURIComponent(event.slug)}/${encodeURIComponent(audience.key)}`}
                        className="flex items-center justify-between rounded-xl bg-white px-4 py-3 font-semibold text-brand-900 shadow-sm ring-1 ring-brand-100 hover:bg-brand-50"
                      >
                        {audience.title}
                        <ChevronRight aria-hidden="true" className="size-4 text-brand-500" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </article>
        )}
      </QueryView>
    </div>
  )
}

/** `/listings/:slug/:audienceType` and `/events/:slug/:audienceType`: one audience's page. */
export function AudiencePage({ base, notFound }: EventPageProps) {
  const { audienceType = '' } = useParams()
  const query = useEventPage(base)
  const timeZone = useSocietyTimeZone()
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <RevealAnnouncer />
      <QueryView query={query} loadingLabel="Loading the event…" what="this event" notFound={notFound}>
        {({ event }) => {
          const audience = event.audienceTypes.find((a) => a.key === audienceType)
          if (!audience) return notFound
          return (
            <article>
              <PageTitle event={event} suffix={audience.title} />
              <nav aria-label="Breadcrumb" className="text-sm">
                <Link
                  to={`${base}/${encodeURIComponent(event.slug)}`}
                  className="font-medium text-brand-800 underline"
                >
                  <ShowTitle event={event} />
                </Link>
              </nav>
              <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
                {audience.title}
              </h1>
              <EventMeta event={event} timeZone={timeZone} now={new Date()} />
              {audience.contentHtml ? (
                <div
                  className={`prose mt-8 max-w-none ${panelClass()}`}
                  // NOTE: sanitised on the server.
                  dangerouslySetInnerHTML={{ __html: audience.contentHtml }}
                />
              ) : null}
            </article>
          )
        }}
      </QueryView>
    </div>
  )
}
