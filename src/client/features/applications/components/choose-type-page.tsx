import type { ReactNode } from 'react'
import { Link, Navigate, useParams } from 'react-router'
import { useQuery } from 'urql'
import { panelClass } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { ApplyChoiceQuery } from '../graphql/application-form.query.ts'
import { eventName, headingClass, pageClass } from './application-form-page.tsx'

/**
 * `/applications/:eventSlug`: choose what to apply as when the event takes several kinds of
 * application now; straight to the form when it takes one; a clear message when it takes none.
 */
export function ChooseApplicationTypePage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: ApplyChoiceQuery,
    variables: { slug: eventSlug },
    requestPolicy: 'cache-and-network',
  })
  return (
    <div className={pageClass}>
      <QueryView query={query} loadingLabel="Loading the event…" what="this event" notFound={notFound}>
        {({ event }) => {
          const open = event.openApplicationTypes
          const base = `/applications/${encodeURIComponent(event.slug)}`
          if (open.length === 1 && !query[0].stale) {
            return <Navigate to={`${base}/${encodeURIComponent(open[0]!.key)}`} replace />
          }
          return (
            <>
              <title>{`Apply · ${eventName(event)} · Stagedoor`}</title>
              <nav aria-label="Breadcrumb" className="text-sm">
                <Link
                  to={`/events/${encodeURIComponent(event.slug)}`}
                  className="font-medium text-brand-800 underline"
                >
                  {eventName(event)}
                </Link>
              </nav>
              <h1 className={`mt-2 ${headingClass}`}>Apply</h1>
              {open.length === 0 ? (
                <p
                  role="status"
                  className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
                >
                  {event.applicationTypes.length === 0
                    ? 'This event does not take applications.'
                    : 'Applications for this event are closed.'}
                </p>
              ) : (
                <>
                  <p className="mt-2 text-lg text-slate-800">What would you like to apply as?</p>
                  <ul className="mt-6 grid gap-4 sm:grid-cols-2">
                    {open.map((type) => (
                      <li key={type.key}>
                        <Link
                          to={`${base}/${encodeURIComponent(type.key)}`}
                          className={`block h-full ${panelClass()} hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-brand-700`}
                        >
                          <span className="text-xl font-bold text-brand-950">{type.label}</span>
                          <span className="mt-1 block text-sm text-slate-700">
                            {type.auditionRequired ? 'Includes an audition.' : 'No audition needed.'}
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )
        }}
      </QueryView>
    </div>
  )
}
