import { renderToString } from 'preact-render-to-string'
import type { ReactElement } from 'react'
import { StaticRouter } from 'react-router'
import { Client, Provider as UrqlProvider } from 'urql'
import { MemberHomePage } from '#client/features/events/components/member-home-page.tsx'
import { AuthError, createAuth, type AuthTransport, type CurrentUser } from '#client/lib/auth.ts'
import { AuthProvider } from '#client/lib/use-auth.tsx'
import { SocietyProvider } from '#client/lib/society.tsx'
import type { PublicSocietySettings } from '#core/society/society-settings.schemas.ts'
import { FALLBACK_SOCIETY } from '#core/society/page-society.ts'
import { AppShell } from './layout/app-shell.tsx'

// The member home rendered on the server, ahead of the app (issue 16, decision 0027, "The member
// home, painted from the page"): built by `vite build --ssr` into dist/ssr (the same Preact the
// client build runs) and used by the server for a signed-in `/` and `/events`
// (server/http/prerendered-home.ts). It is the page's first render as the app makes it — the shell
// and the home with the member's name, their data still loading — so the first paint does not wait
// for the bundle; the app's first render then takes these elements over (app/start.tsx).

const unavailable = () =>
  Promise.reject(new AuthError('Not available while prerendering.', { code: 'PRERENDER' }))

/** Nothing is asked of the server while rendering: the home's queries show as loading. */
export const noTransport: AuthTransport = {
  type: 'prerender',
  getConfig: unavailable,
  getSession: () => Promise.resolve(null),
  getToken: unavailable,
  getCurrentUser: () => Promise.resolve(null),
  signIn: unavailable,
  signUp: unavailable,
  signOut: () => Promise.resolve(),
}

/** The member home (`/` or `/events`) as the signed-in member first sees it, as HTML. */
export function renderMemberHome(
  user: CurrentUser,
  location: '/' | '/events',
  society: PublicSocietySettings = FALLBACK_SOCIETY,
): string {
  const auth = createAuth({ transport: noTransport, initial: { token: '', user } })
  // No exchanges: every query stays fetching, as on the client before its answers arrive.
  const client = new Client({ url: '/api/graphql', exchanges: [] })
  const page: ReactElement = (
    <AuthProvider auth={auth}>
      <SocietyProvider initial={society}>
        <UrqlProvider value={client}>
          <StaticRouter location={location}>
            <AppShell user={user} viewportUnknown>
              <MemberHomePage />
            </AppShell>
          </StaticRouter>
        </UrqlProvider>
      </SocietyProvider>
    </AuthProvider>
  )
  // NOTE: preact-render-to-string seam: it takes the vnodes the build's JSX makes (react aliased to
  // preact/compat), which React's JSX types do not describe.
  return renderToString(page as unknown as Parameters<typeof renderToString>[0])
}
