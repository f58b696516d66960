import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import {
  accentUsable,
  FALLBACK_SOCIETY,
  PAGE_SOCIETY_ELEMENT_ID,
  parsePageSociety,
} from '#core/society/page-society.ts'
import type { PublicSocietySettings } from '#core/society/society-settings.schemas.ts'

// The society's name, logo and colour for every page (decision 0039): read from the page the server
// served (its settings in a data block), so the first render already says who the society is; the
// settings page puts newly saved settings here so the app shows them without a reload.

interface SocietyState {
  society: PublicSocietySettings
  setSociety(society: PublicSocietySettings): void
}

const SocietyContext = createContext<SocietyState>({ society: FALLBACK_SOCIETY, setSociety: () => {} })

/** The society the page was served with; the app's own name where the page has none (offline shell). */
export function readPageSociety(doc: Pick<Document, 'getElementById'> | undefined): PublicSocietySettings {
  const element = doc?.getElementById(PAGE_SOCIETY_ELEMENT_ID)
  return element ? parsePageSociety(element.textContent) : FALLBACK_SOCIETY
}

const TITLE_SUFFIX = /( · )Stagedoor$|^Stagedoor( · )/

export function SocietyProvider({
  initial,
  children,
}: {
  initial: PublicSocietySettings
  children: ReactNode
}) {
  const [society, setSociety] = useState(initial)
  const value = useMemo(() => ({ society, setSociety }), [society])
  useEffect(() => {
    if (typeof document === 'undefined') return
    // NOTE: pages name themselves "Events · Stagedoor"; the society's short name replaces the app's
    // in the one place every title passes through, rather than in each of forty pages.
    const rename = () => {
      const next = document.title.replace(TITLE_SUFFIX, (_m, after?: string, before?: string) =>
        after ? `${after}${society.shortName}` : `${society.shortName}${before ?? ' · '}`,
      )
      if (next !== document.title) document.title = next
    }
    rename()
    const observer = new MutationObserver(rename)
    observer.observe(document.head, { subtree: true, childList: true, characterData: true })
    // The accent fills primary buttons under white text: only a colour that keeps AA contrast with
    // it is used (the settings refuse others; an older stored one falls back to the app's purple).
    const root = document.documentElement.style
    if (accentUsable(society.accentColour)) root.setProperty('--society-accent', society.accentColour)
    else root.removeProperty('--society-accent')
    return () => observer.disconnect()
  }, [society])
  return <SocietyContext.Provider value={value}>{children}</SocietyContext.Provider>
}

/** The society's public settings: name, short name, logo link, accent colour, support email. */
export function useSociety(): PublicSocietySettings {
  return useContext(SocietyContext).society
}

/** Show newly saved settings across the app at once. */
export function useSetSociety(): (society: PublicSocietySettings) => void {
  return useContext(SocietyContext).setSociety
}
