import { useEffect, useMemo } from 'react'
import { useClient, useQuery } from 'urql'
import { memberSidebar, type SidebarSection } from '#core/navigation/member-nav.ts'
import { announceMyChanges } from '#client/lib/my-changes.ts'
import { NavItemsQuery } from '../graphql/nav-items.query.ts'
import { NavigationChangedSubscription } from '../graphql/navigation-changed.subscription.ts'
import { toNavApplications } from '../nav-applications.ts'

/**
 * The member sidebar's sections for the current page (core/navigation decides them). Until the
 * applications arrive (`loading`) it has the top items only; the event sections follow. When staff
 * release material or the member's application changes, the server says so (myNavigationChanged)
 * and the items are fetched again, so new pages appear without a reload. Once they arrive, the pages
 * they grant are fetched ahead for offline use (offline/prefetch.ts).
 */
export function useMemberSidebar(pathname: string): { sections: SidebarSection[]; loading: boolean } {
  const [result, reexecute] = useQuery({ query: NavItemsQuery, requestPolicy: 'cache-and-network' })
  const client = useClient()
  useEffect(() => {
    // NOTE: a side effect per event, so this subscribes directly instead of through useSubscription,
    // whose reducer may run twice under StrictMode.
    const { unsubscribe } = client.subscription(NavigationChangedSubscription, {}).subscribe((change) => {
      if (!change.data?.myNavigationChanged) return
      reexecute({ requestPolicy: 'network-only' })
      announceMyChanges()
    })
    return unsubscribe
  }, [client, reexecute])
  const applications = result.data?.myApplications
  useEffect(() => {
    // Offline material fetched ahead (decision 0028): a lazy chunk, production builds only.
    if (!import.meta.env.PROD || !applications || result.stale) return
    void import('#client/offline/prefetch.ts').then((m) => m.scheduleOfflinePrefetch(client, applications))
  }, [client, applications, result.stale])
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
