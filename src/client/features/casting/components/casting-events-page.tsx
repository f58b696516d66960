import { Drama } from 'lucide-react'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { formatDate } from '#client/lib/format.ts'
import { CastingEventsQuery } from '../graphql/casting.query.ts'

/** `/admin/casting`: choose the event to cast; events with applications first, with their counts. */
export function CastingEventsPage() {
  const query = useQuery({ query: CastingEventsQuery, requestPolicy: 'cache-and-network' })
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Casting · Stagedoor</title>
      <div className="flex items-center gap-3">
        <Drama aria-hidden="true" className="size-8 text-brand-700" />
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Casting</h1>
      </div>
      <p className="mt-2 text-slate-700">Choose the event whose applications you want to review.</p>
      <QueryView query={query} loadingLabel="Loading the events…" what="the events" level={2}>
        {({ castingEvents }) =>
          castingEvents.length === 0 ? (
            <p className="mt-8 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-brand-100">
              There are no events yet. Create one in Event Config first.
            </p>
          ) : (
            <ul aria-label="Events to cast" className="mt-8 space-y-3">
              {castingEvents.map((event) => (
                <li key={event.id}>
                  <Link
                    to={`/admin/casting/${encodeURIComponent(event.slug)}`}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    <span className="min-w-0">
                      <span className="block font-bold text-brand-950">{event.title}</span>
                      <span className="block text-sm text-slate-700">{formatDate(event.startDate)}</span>
                    </span>
                    <span
                      className={`rounded-full px-3 py-1 text-sm font-semibold ${event.applicationCount ? 'bg-brand-100 text-brand-900' : 'bg-slate-100 text-slate-700'}`}
                    >
                      {event.applicationCount === 1
                        ? '1 application'
                        : `${event.applicationCount} applications`}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  )
}
