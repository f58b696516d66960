import { useSyncExternalStore, type ReactNode } from 'react'
import { Provider as UrqlProvider } from 'urql'
import { AnnouncementToasts } from '#client/features/announcements/components/announcement-toasts.tsx'
import { SessionNotices } from '#client/features/auth/components/session-notices.tsx'
import { bindGraphQLConnection, createBrowserAuth } from '#client/lib/auth.ts'
import { createGraphQLConnection } from '#client/lib/graphql.ts'
import { AuthProvider } from '#client/lib/use-auth.tsx'
import { setRealtimeOpen } from '#client/lib/realtime-status.ts'
import { readPageSociety, SocietyProvider } from '#client/lib/society.tsx'
import { AppToaster } from './layout/app-toaster.tsx'

/** The app's session: cookie-backed, with a short-lived access token for the API (lib/auth.ts). */
export const auth = createBrowserAuth()

/**
 * The app's one GraphQL connection. Every request and the realtime socket take the session's token;
 * a 401 makes the session find out whether the token or the user is gone.
 */
export const graphQL = createGraphQLConnection({
  getToken: () => auth.getToken(),
  onUnauthenticated: () => auth.handleUnauthenticated(),
  onUserChanged: () => void auth.refresh().catch(() => undefined),
  onSocketChange: setRealtimeOpen,
})

// SIGNED_IN / TOKEN_REFRESHED: the socket reconnects with the new token; SIGNED_OUT / USER_DELETED:
// it reconnects anonymous, and the cache is emptied whenever the person changes.
bindGraphQLConnection(auth, graphQL)

function useGraphQLClient() {
  return useSyncExternalStore(
    graphQL.onClientChange,
    () => graphQL.client,
    () => graphQL.client,
  )
}

/** The society the page was served with (its settings; lib/society.tsx). */
const pageSociety = readPageSociety(typeof document === 'undefined' ? undefined : document)

export function Providers({ children }: { children: ReactNode }) {
  const client = useGraphQLClient()
  return (
    <AuthProvider auth={auth}>
      <SocietyProvider initial={pageSociety}>
        <UrqlProvider value={client}>
          {children}
          <AnnouncementToasts />
          <SessionNotices />
          <AppToaster />
        </UrqlProvider>
      </SocietyProvider>
    </AuthProvider>
  )
}
