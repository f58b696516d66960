import { MailCheck } from 'lucide-react'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { formatDate } from '#client/lib/format.ts'
import { AcceptanceEventsQuery } from '../graphql/acceptance.query.ts'

/** `/admin/acceptance`: choose an event; each shows how many applications are submitted, offered and confirmed. */
export function AcceptanceEventsPage() {
  const query = useQuery({ query: AcceptanceEventsQuery, requestPolicy: 'cache-and-network' })
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Acceptance · Stagedoor</title>
      <div className="flex items-center gap-3">
        <MailCheck aria-hidden="true" className="size-8 text-brand-700" />
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Acceptance</h1>
      </div>
      <p className="mt-2 text-slate-700">
        Choose the event whose offers, waitlist and payments you want to manage.
      </p>
      <QueryView query={query} loadingLabel="Loading the events…" what="the events" level={2}>
        {({ acceptanceEvents }) =>
          acceptanceEvents.length === 0 ? (
            <p className="mt-8 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-brand-100">
              No event takes applications yet. Add an application type to an event in Event Config first.
            </p>
          ) : (
            <ul aria-label="Events" className="mt-8 space-y-3">
              {acceptanceEvents.map((event) => (
                <li key={event.id}>
                  <Link
                    to={`/admin/acceptance/${encodeURIComponent(event.slug)}`}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    <span className="min-w-0">
                      <span className="block font-bold text-brand-950">{event.title}</span>
                      <span className="block text-sm text-slate-700">{formatDate(event.startDate)}</span>
                    </span>
                    <span className="flex flex-wrap gap-2 text-sm">
                      <span className="rounded-full bg-slate-100 px-3 py-1 font-semibold text-slate-800">
                        {event.counts.submitted} submitted
                      </span>
                      <span className="rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-950">
                        {event.counts.offered} offered
                      </span>
                      <span className="rounded-full bg-emerald-100 px-3 py-1 font-semibold text-emerald-950">
                        {event.counts.confirmed + event.counts.paid} confirmed
                      </span>
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
