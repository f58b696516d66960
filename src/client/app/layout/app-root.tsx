import { useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'

/** The root of every route: moves focus to the new page after a client-side navigation. */
export function AppRoot() {
  useMainFocusOnNavigation()
  return <Outlet />
}

/**
 * After a client-side navigation, move focus to the new page's `<main id="main">` so screen readers
 * announce it (a full page load does that by itself; a router does not). Every layout has one.
 */
function useMainFocusOnNavigation() {
  const { pathname } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    document.getElementById('main')?.focus()
  }, [pathname])
}
