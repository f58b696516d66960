import { Link, Outlet } from 'react-router'
import { memberSidebar } from '#core/navigation/member-nav.ts'
import { Wordmark } from '#client/components/ui/wordmark.tsx'
import { AccountControls } from '#client/features/auth/components/account-controls.tsx'
import { useSociety } from '#client/lib/society.tsx'
import { SkipLink } from './skip-link.tsx'

// A visitor's navigation: the sidebar rules give them Events, to the public listings.
const VISITOR_ITEMS = memberSidebar({ signedIn: false, applications: [], now: new Date(0) })[0]?.items ?? []

/** The shell of public pages: skip link, header with the wordmark and account, the page, a footer. */
export function PublicLayout() {
  const society = useSociety()
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-brand-100 bg-white/70 backdrop-blur-sm">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link to="/" aria-label={`${society.name} home`} className="shrink-0 rounded-lg">
            <Wordmark size="sm" />
          </Link>
          <div className="flex min-w-0 items-center gap-3 sm:gap-5">
            <nav aria-label="Main">
              <ul className="flex items-center gap-3">
                {VISITOR_ITEMS.map((item) => (
                  <li key={item.key}>
                    <Link
                      to={item.to}
                      className="rounded-md px-1 text-sm font-semibold text-brand-800 hover:text-brand-950 hover:underline"
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <AccountControls />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-brand-100 bg-white/70">
        <div className="mx-auto max-w-5xl px-6 py-5 text-sm text-slate-600">
          {society.name}
          {society.supportEmail ? (
            <>
              {' · '}
              <a className="underline" href={`mailto:${society.supportEmail}`}>
                {society.supportEmail}
              </a>
            </>
          ) : null}
          <p className="mt-1 text-xs text-slate-500">Powered by Stagedoor</p>
        </div>
      </footer>
    </div>
  )
}
