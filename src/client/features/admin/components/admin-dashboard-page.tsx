import { Activity, CalendarClock, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { APPLICATION_STATUSES } from '#core/applications/status.ts'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { AdminDashboardQuery as AdminDashboardData } from '#client/gql/graphql.ts'
import { formatDate, formatDateTime } from '#client/lib/format.ts'
import { AdminDashboardQuery } from '../graphql/admin-dashboard.query.ts'

type Dashboard = AdminDashboardData['adminDashboard']

const STATUS_NAMES: Record<(typeof APPLICATION_STATUSES)[number], string> = {
  SUBMITTED: 'Submitted',
  WAITLISTED: 'Waitlisted',
  OFFERED: 'Offered',
  CONFIRMED: 'Confirmed',
  PAID: 'Paid',
  DECLINED: 'Declined',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
  WITHDRAWN: 'Withdrawn',
  CANCELLED: 'Cancelled',
}

const panel = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6'

function StatusCounts({ counts }: { counts: Dashboard['applicationsByStatus'] }) {
  const byStatus = new Map(counts.map((c) => [c.status, c.count]))
  const total = counts.reduce((sum, c) => sum + c.count, 0)
  return (
    <section aria-labelledby="by-status" className={panel}>
      <h2 id="by-status" className="text-lg font-bold text-brand-950">
        Applications by status
      </h2>
      <p className="mt-1 text-sm text-slate-600">{total} applications in all</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {APPLICATION_STATUSES.map((status) => (
          <div key={status} className="rounded-xl bg-brand-50 px-3 py-2.5 ring-1 ring-brand-100">
            <dt className="text-xs font-semibold text-slate-700">{STATUS_NAMES[status]}</dt>
            <dd className="mt-0.5 text-2xl font-extrabold text-brand-950 tabular-nums">
              {byStatus.get(status) ?? 0}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function UpcomingEvents({ events }: { events: Dashboard['upcomingEvents'] }) {
  return (
    <section aria-labelledby="upcoming" className={panel}>
      <h2 id="upcoming" className="flex items-center gap-2 text-lg font-bold text-brand-950">
        <CalendarClock aria-hidden="true" className="size-5 text-brand-700" />
        Upcoming events
      </h2>
      {events.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No upcoming events.</p>
      ) : (
        <ul className="mt-3 divide-y divide-brand-100">
          {events.map((event) => (
            <li key={event.slug} className="py-3">
              <Link
                to={`/admin/casting/${encodeURIComponent(event.slug)}`}
                className="group flex items-center justify-between gap-3 rounded-lg"
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-brand-900 group-hover:underline">
                    {event.title}
                  </span>
                  <span className="block text-sm text-slate-700">Starts {formatDate(event.startDate)}</span>
                  <span className="block text-sm text-slate-700">
                    {event.signupDeadline
                      ? `Signup deadline ${formatDateTime(event.signupDeadline)}`
                      : 'No signup deadline'}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-brand-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function RecentActivity({ count }: { count: number }) {
  return (
    <section aria-labelledby="activity" className={`${panel} self-start`}>
      <h2 id="activity" className="flex items-center gap-2 text-lg font-bold text-brand-950">
        <Activity aria-hidden="true" className="size-5 text-brand-700" />
        Recent activity
      </h2>
      <p className="mt-3">
        <span className="text-3xl font-extrabold text-brand-950 tabular-nums">{count}</span>{' '}
        <span className="text-slate-700">{count === 1 ? 'change' : 'changes'} in the last 7 days</span>
      </p>
    </section>
  )
}

/** `/admin`: counts by status, upcoming events with their deadlines, and recent activity. */
export function AdminDashboardPage() {
  const query = useQuery({ query: AdminDashboardQuery, requestPolicy: 'cache-and-network' })
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Dashboard · Admin · Stagedoor</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Dashboard</h1>
      <QueryView query={query} loadingLabel="Loading the dashboard…" what="the dashboard" level={2}>
        {({ adminDashboard }) => (
          <div className="mt-6 grid gap-4 lg:grid-cols-3">
            <div className="lg:col-span-3">
              <StatusCounts counts={adminDashboard.applicationsByStatus} />
            </div>
            <div className="lg:col-span-2">
              <UpcomingEvents events={adminDashboard.upcomingEvents} />
            </div>
            <RecentActivity count={adminDashboard.recentActivityCount} />
          </div>
        )}
      </QueryView>
    </div>
  )
}
