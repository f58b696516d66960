import { Link } from 'react-router'
import type { ApplicationStatus } from '#core/applications/status.ts'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'

interface MyApplication {
  id: string
  status: ApplicationStatus
  applicationTypeLabel: string
}

/**
 * Where the member stands on an event: a badge per application (type and status in their words),
 * under a small heading; each a link when `linkFor` gives one. Nothing when they have not applied.
 */
export function MyStatusBadges<A extends MyApplication>({
  heading,
  level,
  applications,
  linkFor,
}: {
  heading: string
  level: 'h2' | 'h3'
  applications: readonly A[]
  linkFor?: (application: A) => string
}) {
  if (applications.length === 0) return null
  const Heading = level
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <Heading className="text-sm font-semibold text-slate-900">{heading}</Heading>
      <ul className="flex flex-wrap gap-2">
        {applications.map((application) => {
          const badge = (
            <StatusBadge
              status={application.status}
              audience="member"
              typeLabel={application.applicationTypeLabel}
              size="sm"
            />
          )
          const to = linkFor?.(application)
          return (
            <li key={application.id}>
              {to ? (
                <Link to={to} className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2">
                  {badge}
                </Link>
              ) : (
                badge
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
