import { PageSpinner } from '#client/components/ui/spinner.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'
import { AppShell } from './app-shell.tsx'
import { PublicLayout } from './public-layout.tsx'

/**
 * One layout for the site's pages, chosen by who is looking: signed-in members get the app shell with
 * its sidebar (on public pages too), visitors the public header. A spinner while auth resolves.
 */
export function SiteLayout() {
  const { state } = useAuth()
  if (state.status === 'loading') {
    return (
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <PageSpinner label="Checking your sign-in…" />
      </main>
    )
  }
  if (state.status === 'authenticated') return <AppShell user={state.user} />
  return <PublicLayout />
}
