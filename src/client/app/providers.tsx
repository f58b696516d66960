import type { ReactNode } from 'react'
import { Provider as UrqlProvider } from 'urql'
import { AnnouncementToasts } from '#client/features/announcements/components/announcement-toasts.tsx'
import { createGraphQLConnection } from '#client/lib/graphql.ts'
import { AppToaster } from './layout/app-toaster.tsx'

/**
 * The app's one GraphQL connection. Anonymous for now: auth (lib/auth.ts) will pass its token getter
 * here and call `graphQL.restartSocket()` on SIGNED_IN, TOKEN_REFRESHED and SIGNED_OUT.
 */
export const graphQL = createGraphQLConnection({ getToken: () => null })

export function Providers({ children }: { children: ReactNode }) {
  return (
    <UrqlProvider value={graphQL.client}>
      {children}
      <AnnouncementToasts />
      <AppToaster />
    </UrqlProvider>
  )
}
