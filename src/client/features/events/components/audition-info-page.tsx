import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { panelClass } from '#client/components/ui/panel.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { AuditionInfoQuery } from '../graphql/audition-info.query.ts'
import { useShowRevealSubscription } from '../hooks/use-show-name.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { applyPath, EventMeta } from './event-meta.tsx'
import { RevealAnnouncer } from './reveal-announcer.tsx'
import { ShowTitle } from './show-title.tsx'

const panel = `mt-8 ${panelClass()}`

/**
 * `/events/:slug/auditions`: how auditions work for an event (the auditionInfo content block,
 * rendered and sanitised on the server), and which kinds of application need one.
 */
export function AuditionInfoPage({ notFound }: { notFound: ReactNode }) {
  const { slug = '' } = useParams()
  const query = useQuery({
    query: AuditionInfoQuery,
    variables: { slug },
    requestPolicy: 'cache-and-network',
  })
  const timeZone = useSocietyTimeZone()
  useShowRevealSubscription()
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <RevealAnnouncer />
      <QueryView
        query={query}
        loadingLabel="Loading the audition information…"
        what="this event"
        notFound={notFound}
      >
        {({ event }) => {
          const withAuditions = event.applicationTypes.filter((t) => t.auditionRequired)
          const apply = applyPath(event)
          return (
            <article>
              <title>{`Auditions · ${event.title} · Stagedoor`}</title>
              <nav aria-label="Breadcrumb" className="text-sm">
                <Link
                  to={`/events/${encodeURIComponent(event.slug)}`}
                  className="font-medium text-brand-800 underline"
                >
                  <ShowTitle event={event} />
                </Link>
              </nav>
              <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
                Auditions
              </h1>
              <EventMeta event={event} timeZone={timeZone} now={new Date()} />
              {withAuditions.length > 0 ? (
                <p className="mt-4 text-slate-800">
                  An audition is part of applying as{' '}
                  {withAuditions.map((t, i) => (
                    <span key={t.key}>
                      {i > 0 ? (i === withAuditions.length - 1 ? ' or ' : ', ') : ''}
                      <strong>{t.label}</strong>
                    </span>
                  ))}
                  .
                </p>
              ) : null}
              {event.auditionInfoHtml ? (
                <div
                  className={`prose max-w-none ${panel}`}
                  // NOTE: sanitised on the server (Markdown rendered with sanitize-html).
                  dangerouslySetInnerHTML={{ __html: event.auditionInfoHtml }}
                />
              ) : (
                <p className={`${panel} text-slate-700`}>
                  The audition details are not published yet. They will appear here.
                </p>
              )}
              {apply ? (
                <div className="mt-6">
                  <ButtonLink to={apply}>Apply</ButtonLink>
                </div>
              ) : null}
            </article>
          )
        }}
      </QueryView>
    </div>
  )
}
