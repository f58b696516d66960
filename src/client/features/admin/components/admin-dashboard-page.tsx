import { Activity, CalendarClock, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { APPLICATION_STATUSES } from '#core/applications/status.ts'
import { activityWording } from '#core/audit/activity-wording.ts'
import { can } from '#core/auth/policies.ts'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'
import type { AdminDashboardQuery as AdminDashboardData } from '#client/gql/graphql.ts'
import { formatDate, formatDateTime } from '#client/lib/format.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { AdminDashboardQuery } from '../graphql/admin-dashboard.query.ts'
import { GettingStartedPanel } from './getting-started-panel.tsx'

type Dashboard = AdminDashboardData['adminDashboard']

function StatusCounts({ counts }: { counts: Dashboard['applicationsByStatus'] }) {
  const byStatus = new Map(counts.map((c) => [c.status, c.count]))
  const total = counts.reduce((sum, c) => sum + c.count, 0)
  return (
    <Panel as="section" aria-labelledby="by-status">
      <h2 id="by-status" className="text-lg font-bold text-brand-950">
        Applications by status
      </h2>
      <p className="mt-1 text-sm text-slate-600">{total} applications in all</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {APPLICATION_STATUSES.map((status) => (
          <div key={status} className="rounded-xl bg-brand-50 px-3 py-2.5 ring-1 ring-brand-100">
            <dt>
              <StatusBadge status={status} audience="staff" size="sm" announce={false} />
            </dt>
            <dd className="mt-0.5 text-2xl font-extrabold text-brand-950 tabular-nums">
              {byStatus.get(status) ?? 0}
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  )
}

function UpcomingEvents({ events }: { events: Dashboard['upcomingEvents'] }) {
  return (
    <Panel as="section" aria-labelledby="upcoming">
      <h2 id="upcoming" className="flex items-center gap-2 text-lg font-bold text-brand-950">
        <CalendarClock aria-hidden="true" className="size-5 text-brand-700" />
        Upcoming events
      </h2>
      {events.length === 0 ? (
        <EmptyState
          className="mt-3"
          title="No upcoming events."
          action={{ label: 'Create an event', to: '/admin/events/new' }}
        >
          Create the next show, concert or social: it appears here until it starts.
        </EmptyState>
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
    </Panel>
  )
}

function NeedsDoing({ todo }: { todo: Dashboard['todo'] }) {
  return (
    <Panel as="section" aria-labelledby="needs-doing">
      <h2 id="needs-doing" className="text-lg font-bold text-brand-950">
        Needs doing
      </h2>
      {todo.length === 0 ? (
        <EmptyState
          className="mt-3"
          title="Nothing waiting."
          action={{ label: 'Open the events', to: '/admin/events' }}
        >
          Applications to review, offers running out and payments owed appear here as they come in. Meanwhile,
          check each event is configured and open for applications.
        </EmptyState>
      ) : (
        <ul className="mt-3 divide-y divide-brand-100">
          {todo.map((line, i) => (
            <li key={`${line.kind}-${line.link}-${String(i)}`} className="py-2">
              <Link to={line.link} className="group flex items-center justify-between gap-3 rounded-lg">
                <span className="min-w-0">
                  <span className="block font-semibold text-brand-900 group-hover:underline">
                    {line.eventTitle ? `${line.eventTitle}: ` : ''}
                    {line.text}
                    {line.at ? ` ${formatDateTime(line.at)}` : ''}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-brand-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

function RecentActivity({ count, lines }: { count: number; lines: Dashboard['recentActivity'] }) {
  return (
    <Panel as="section" aria-labelledby="activity" className="self-start">
      <h2 id="activity" className="flex items-center gap-2 text-lg font-bold text-brand-950">
        <Activity aria-hidden="true" className="size-5 text-brand-700" />
        Recent activity
      </h2>
      <p className="mt-3">
        <span className="text-3xl font-extrabold text-brand-950 tabular-nums">{count}</span>{' '}
        <span className="text-slate-700">{count === 1 ? 'change' : 'changes'} in the last 7 days</span>
      </p>
      <ul className="mt-3 space-y-2 text-sm">
        {lines.map((line) => (
          <li key={line.id}>
            <Link to={line.link} className="text-brand-800 underline">
              {line.actorName ?? 'The app'} {activityWording(line.action)}
            </Link>{' '}
            <span className="text-slate-600">{formatDateTime(line.at)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  )
}

/** `/admin`: counts by status, upcoming events with their deadlines, and recent activity. */
export function AdminDashboardPage() {
  const query = useQuery({ query: AdminDashboardQuery, requestPolicy: 'cache-and-network' })
  const { user } = useAuth()
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Dashboard · Admin · Stagedoor</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Dashboard</h1>
      <p className="mt-2 text-slate-700">
        Want to see what members see?{' '}
        <Link to="/admin/sandbox" className="font-semibold text-brand-800 underline underline-offset-2">
          Open the sandbox
        </Link>
        : any member page as a chosen application type and status, with nothing saved.
      </p>
      {can(user, 'admin.settings') ? (
        <div className="mt-6">
          <GettingStartedPanel />
        </div>
      ) : null}
      <QueryView query={query} loadingLabel="Loading the dashboard…" what="the dashboard" level={2}>
        {({ adminDashboard }) => (
          <div className="mt-6 grid gap-4 lg:grid-cols-3">
            <div className="lg:col-span-3">
              <NeedsDoing todo={adminDashboard.todo} />
            </div>
            <div className="lg:col-span-3">
              <StatusCounts counts={adminDashboard.applicationsByStatus} />
            </div>
            <div className="lg:col-span-2">
              <UpcomingEvents events={adminDashboard.upcomingEvents} />
            </div>
            <RecentActivity
              count={adminDashboard.recentActivityCount}
              lines={adminDashboard.recentActivity}
            />
          </div>
        )}
      </QueryView>
    </div>
  )
}
