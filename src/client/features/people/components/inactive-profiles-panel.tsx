import { Link } from 'react-router'
import { useQuery } from 'urql'
import { can } from '#core/auth/policies.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { formatDate } from '#client/lib/format.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { InactiveProfilesQuery } from '../graphql/member-records.query.ts'

function InactiveProfilesList() {
  const [query] = useQuery({ query: InactiveProfilesQuery, requestPolicy: 'cache-and-network' })
  const years = query.data?.retentionYears
  const members = query.data?.inactiveProfiles ?? []
  return (
    <Panel as="section" aria-labelledby="inactive-profiles-heading" className="mt-6">
      <h2 id="inactive-profiles-heading" className="text-lg font-bold text-brand-950">
        {years === undefined
          ? 'Inactive members — consider deleting'
          : `Inactive for ${String(years)} years — consider deleting`}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Members with no role and no sign-in, profile change or application in that time (the{' '}
        <code>RETENTION_YEARS</code> setting). A flag is a prompt to review, not a deletion. Only society
        admins see this.
      </p>
      {query.error && !query.data ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          The inactive members could not be loaded.
        </p>
      ) : !query.data ? (
        <p className="mt-3 text-sm text-slate-700">Loading…</p>
      ) : members.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Nobody is inactive for that long.</p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label="Inactive members">
          {members.map((m) => (
            <li key={m.id}>
              <Link
                to={`/admin/profiles/${encodeURIComponent(m.slug ?? m.id)}`}
                className="flex flex-wrap items-baseline justify-between gap-x-4 rounded-lg border border-slate-200 bg-white px-4 py-3 hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="font-semibold text-brand-950">{m.name}</span>
                <span className="text-sm break-all text-slate-700">{m.email}</span>
                <span className="w-full text-sm text-slate-700">
                  Last active {formatDate(m.lastActiveAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

/** The retention flag on `/admin/profiles`: superAdmins only; nothing (and no request) for others. */
export function InactiveProfilesPanel() {
  const { user } = useAuth()
  return can(user, 'admin.retention') ? <InactiveProfilesList /> : null
}
