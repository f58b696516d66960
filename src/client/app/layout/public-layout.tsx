import { useEffect, useRef } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { Wordmark } from '#client/components/ui/wordmark.tsx'
import { SkipLink } from './skip-link.tsx'

/** The shell of public pages: skip link, header with the wordmark, the page, a footer. */
export function PublicLayout() {
  const mainRef = useMainFocusOnNavigation()
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-brand-100 bg-white/70 backdrop-blur-sm">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-6 py-3">
          <Link to="/" aria-label="Stagedoor home" className="rounded-lg">
            <Wordmark size="sm" />
          </Link>
        </div>
      </header>
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 focus:outline-none">
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

/**
 * After a client-side navigation, move focus to the new page so screen readers announce it (a full
 * page load does that by itself; a router does not).
 */
function useMainFocusOnNavigation() {
  const { pathname } = useLocation()
  const ref = useRef<HTMLElement>(null)
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    ref.current?.focus()
  }, [pathname])
  return ref
}
