import { ChartColumn, Mail } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { AcceptanceOverviewQuery } from '../graphql/acceptance.query.ts'
import { ApplicationsTable } from './applications-table.tsx'
import { CapacityCard } from './capacity-card.tsx'
import { LateApplicationForm } from './late-application-form.tsx'

/** `/admin/acceptance/{eventSlug}`: capacity per type, offers, waitlist and rejections, payments. */
export function AcceptancePage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: AcceptanceOverviewQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  const [, reexecute] = query
  const timeZone = useSocietyTimeZone()
  const refresh = () => reexecute({ requestPolicy: 'network-only' })
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8 sm:py-12">
      <QueryView
        query={query}
        loadingLabel="Loading the applications…"
        what="the applications"
        notFound={notFound}
      >
        {({ acceptanceOverview: overview }) => (
          <>
            <title>{`Acceptance: ${overview.eventTitle} · Stagedoor`}</title>
            <p className="text-sm">
              <Link to="/admin/acceptance" className="text-brand-800 underline">
                Acceptance
              </Link>
            </p>
            <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
              <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
                {overview.eventTitle}
              </h1>
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/admin/acceptance/${encodeURIComponent(overview.eventSlug)}/diversity`}
                  className="inline-flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
                >
                  <ChartColumn aria-hidden="true" className="size-4" /> Diversity report
                </Link>
                <Link
                  to={`/admin/acceptance/${encodeURIComponent(overview.eventSlug)}/templates`}
                  className="inline-flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
                >
                  <Mail aria-hidden="true" className="size-4" /> Email templates
                </Link>
              </div>
            </div>
            <section aria-labelledby="capacity-heading" className="mt-6">
              <h2 id="capacity-heading" className="text-xl font-bold text-brand-950">
                Places
              </h2>
              {overview.types.length === 0 ? (
                <Panel as="p" padding="compact" className="mt-3 text-slate-700">
                  This event has no application types.
                </Panel>
              ) : (
                <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {overview.types.map((type) => (
                    <CapacityCard
                      key={type.key}
                      type={type}
                      eventSlug={overview.eventSlug}
                      onPromoted={refresh}
                    />
                  ))}
                </ul>
              )}
            </section>
            {timeZone ? (
              <ApplicationsTable overview={overview} timeZone={timeZone} refresh={refresh} />
            ) : null}
            <LateApplicationForm eventSlug={overview.eventSlug} types={overview.types} onAdded={refresh} />
          </>
        )}
      </QueryView>
    </div>
  )
}
