import { LAYOUT_BREAKPOINT_PX } from './toast-options.ts'

/**
 * How the sidebar behaves at each width (spec §2 Layout, §9): a slide-over under 768 px; from 768 to
 * 1023 px beside the page, collapsed unless the member opened it; from 1024 px beside the page, open
 * unless the member collapsed it.
 */
export type SidebarMode = 'mobile' | 'tablet' | 'desktop'

/** The first width of the "desktop" range; the tablet range is 768 to 1023 px (spec §9). */
export const DESKTOP_MIN_PX = 1024

export const MOBILE_QUERY = `(max-width: ${LAYOUT_BREAKPOINT_PX - 0.02}px)`
export const TABLET_QUERY = `(min-width: ${LAYOUT_BREAKPOINT_PX}px) and (max-width: ${DESKTOP_MIN_PX - 0.02}px)`

export function sidebarMode(viewportWidth: number): SidebarMode {
  if (viewportWidth < LAYOUT_BREAKPOINT_PX) return 'mobile'
  if (viewportWidth < DESKTOP_MIN_PX) return 'tablet'
  return 'desktop'
}

/** What the member chose, per width range: true for collapsed. Absent: the range's default. */
export interface SidebarPreferences {
  tablet?: boolean
  desktop?: boolean
}

export const SIDEBAR_STORAGE_KEY = 'stagedoor.sidebar'

/** Read stored preferences; anything unreadable counts as no choice. */
export function parsePreferences(raw: string | null | undefined): SidebarPreferences {
  if (!raw) return {}
  try {
    const value = JSON.parse(raw) as unknown
    if (typeof value !== 'object' || value === null) return {}
    const prefs: SidebarPreferences = {}
    const { tablet, desktop } = value as Record<string, unknown>
    if (typeof tablet === 'boolean') prefs.tablet = tablet
    if (typeof desktop === 'boolean') prefs.desktop = desktop
    return prefs
  } catch {
    return {}
  }
}

/** Is the sidebar collapsed (icons only)? Never on mobile, where it is a full slide-over instead. */
export function isCollapsed(mode: SidebarMode, prefs: SidebarPreferences): boolean {
  if (mode === 'mobile') return false
  return prefs[mode] ?? mode === 'tablet'
}

/** The preferences after the member toggles the sidebar at this width. */
export function toggled(mode: SidebarMode, prefs: SidebarPreferences): SidebarPreferences {
  if (mode === 'mobile') return prefs
  return { ...prefs, [mode]: !isCollapsed(mode, prefs) }
}
