import { Link, Outlet } from 'react-router'
import { Wordmark } from '#client/components/ui/wordmark.tsx'
import { AccountControls } from '#client/features/auth/components/account-controls.tsx'
import { SkipLink } from './skip-link.tsx'

/** The shell of public pages: skip link, header with the wordmark and account, the page, a footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-brand-100 bg-white/70 backdrop-blur-sm">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link to="/" aria-label="Stagedoor home" className="shrink-0 rounded-lg">
            <Wordmark size="sm" />
          </Link>
          <AccountControls />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-brand-100 bg-white/70">
        <div className="mx-auto max-w-5xl px-6 py-5 text-sm text-slate-600">
          Stagedoor · the web app of a student music and performing-arts society
        </div>
      </footer>
    </div>
  )
}
