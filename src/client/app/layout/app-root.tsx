import { useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'

/** The root of every route: moves focus to the new page after a client-side navigation. */
export function AppRoot() {
  useMainFocusOnNavigation()
  return <Outlet />
}

/**
 * After a client-side navigation, move focus to the new page's `<main id="main">` so screen readers
 * announce it (a full page load does that by itself; a router does not). Every layout has one, or
 * the page brings it (the full-screen sign-in pages): a page whose code is still downloading
 * (lazy-page.tsx) has none yet, so focus waits for it to appear.
 */
function useMainFocusOnNavigation() {
  const { pathname } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const main = document.getElementById('main')
    if (main) {
      main.focus()
      return
    }
    const observer = new MutationObserver(() => {
      const arrived = document.getElementById('main')
      if (!arrived) return
      observer.disconnect()
      arrived.focus()
    })
    observer.observe(document.body, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [pathname])
}
