import { useCallback, useSyncExternalStore } from 'react'
import {
  isCollapsed,
  MOBILE_QUERY,
  parsePreferences,
  SIDEBAR_STORAGE_KEY,
  TABLET_QUERY,
  toggled,
  type SidebarMode,
} from './sidebar-state.ts'

function subscribeToMode(onChange: () => void): () => void {
  const queries = [window.matchMedia(MOBILE_QUERY), window.matchMedia(TABLET_QUERY)]
  for (const query of queries) query.addEventListener('change', onChange)
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange)
  }
}

function currentMode(): SidebarMode {
  if (window.matchMedia(MOBILE_QUERY).matches) return 'mobile'
  if (window.matchMedia(TABLET_QUERY).matches) return 'tablet'
  return 'desktop'
}

const preferenceListeners = new Set<() => void>()

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(SIDEBAR_STORAGE_KEY)
  } catch {
    return null
  }
}

// In memory too, so the toggle works where storage does not (private browsing, full quota).
let fallbackRaw: string | null = null

function subscribeToPreferences(onChange: () => void): () => void {
  preferenceListeners.add(onChange)
  const onStorage = (event: StorageEvent) => {
    if (event.key === SIDEBAR_STORAGE_KEY) onChange()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    preferenceListeners.delete(onChange)
    window.removeEventListener('storage', onStorage)
  }
}

function currentRaw(): string | null {
  return readRaw() ?? fallbackRaw
}

export interface SidebarLayout {
  mode: SidebarMode
  /** Icons only (tablet and desktop). */
  collapsed: boolean
  /** Collapse or expand at this width, and remember it. */
  toggle(): void
}

/** The sidebar's mode for the viewport and whether it is collapsed, remembered in this browser. */
export function useSidebarLayout(): SidebarLayout {
  const mode = useSyncExternalStore(subscribeToMode, currentMode, () => 'desktop' as const)
  const raw = useSyncExternalStore(subscribeToPreferences, currentRaw, () => null)
  const prefs = parsePreferences(raw)
  const toggle = useCallback(() => {
    const next = JSON.stringify(toggled(mode, parsePreferences(currentRaw())))
    fallbackRaw = next
    try {
      window.localStorage.setItem(SIDEBAR_STORAGE_KEY, next)
    } catch {
      // Remembered in memory only.
    }
    for (const listener of [...preferenceListeners]) listener()
  }, [mode])
  return { mode, collapsed: isCollapsed(mode, prefs), toggle }
}
