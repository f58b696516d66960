import type { ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useQuery } from 'urql'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { OperationsOverviewQuery } from '../graphql/operations.query.ts'
import { AttendancePanel } from './attendance-panel.tsx'
import { MoneyPanel } from './money-panel.tsx'
import { NeedToKnowPanel } from './need-to-know-panel.tsx'
import { ParticipantsPanel } from './participants-panel.tsx'

const TABS = [
  { key: 'participants', label: 'Participants' },
  { key: 'pending', label: 'Offered and waitlisted' },
  { key: 'money', label: 'Money' },
  { key: 'contacts', label: 'Emergency contacts' },
  { key: 'attendance', label: 'Attendance' },
] as const
type Tab = (typeof TABS)[number]['key']

/** `/admin/operations/{eventSlug}`: the event's people, money, emergency contacts and registers. */
export function OperationsPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  const [params] = useSearchParams()
  const tab: Tab = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'participants'
  const query = useQuery({
    query: OperationsOverviewQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  const refresh = () => query[1]({ requestPolicy: 'network-only' })
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-8 sm:py-12 print:p-0">
      <QueryView
        query={query}
        loadingLabel="Loading the participants…"
        what="the participants"
        notFound={notFound}
      >
        {({ operationsOverview: overview }) => (
          <>
            <title>{`Operations: ${overview.eventTitle} · Stagedoor`}</title>
            <p className="text-sm print:hidden">
              <Link to="/admin/operations" className="text-brand-800 underline">
                Operations
              </Link>
            </p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
              {overview.eventTitle}
            </h1>
            <nav aria-label="Operations sections" className="mt-4 print:hidden">
              <ul className="flex flex-wrap gap-2">
                {TABS.map((t) => (
                  <li key={t.key}>
                    <Link
                      to={`?tab=${t.key}`}
                      aria-current={t.key === tab ? 'page' : undefined}
                      className="inline-block rounded-lg px-3 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 aria-[current=page]:bg-brand-800 aria-[current=page]:text-white"
                    >
                      {t.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-6">
              {tab === 'participants' || tab === 'pending' ? (
                <ParticipantsPanel key={tab} overview={overview} tab={tab} refresh={refresh} />
              ) : null}
              {tab === 'money' ? <MoneyPanel overview={overview} refresh={refresh} /> : null}
              {tab === 'contacts' ? <NeedToKnowPanel eventSlug={overview.eventSlug} /> : null}
              {tab === 'attendance' ? <AttendancePanel eventSlug={overview.eventSlug} /> : null}
            </div>
          </>
        )}
      </QueryView>
    </div>
  )
}
