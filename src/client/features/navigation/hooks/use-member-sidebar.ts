import { useMemo } from 'react'
import { useQuery } from 'urql'
import { memberSidebar, type SidebarSection } from '#core/navigation/member-nav.ts'
import { NavItemsQuery } from '../graphql/nav-items.query.ts'
import { toNavApplications } from '../nav-applications.ts'

/**
 * The member sidebar's sections for the current page (core/navigation decides them). Until the
 * applications arrive (`loading`) it has the top items only; the event sections follow.
 */
export function useMemberSidebar(pathname: string): { sections: SidebarSection[]; loading: boolean } {
  const [result] = useQuery({ query: NavItemsQuery, requestPolicy: 'cache-and-network' })
  const applications = result.data?.myApplications
  const sections = useMemo(
    () =>
      memberSidebar({
        signedIn: true,
        applications: toNavApplications(applications ?? []),
        now: new Date(),
        pathname,
      }),
    [applications, pathname],
  )
  return { sections, loading: applications === undefined && !result.error }
}
