import type { PublicSocietySettings } from './society-settings.schemas.ts'
import { contrastWithWhite, MIN_ACCENT_CONTRAST } from './society-values.ts'

// The society's public settings in the page the server serves (server: modules/settings/society-page.ts
// writes it; client: lib/society.tsx reads it), so the first render already says the society's name.

export const PAGE_SOCIETY_ELEMENT_ID = 'stagedoor-society'

/** What a page shows before it is told anything: the app's own name and colour. */
export const FALLBACK_SOCIETY: PublicSocietySettings = {
  name: 'Stagedoor',
  shortName: 'Stagedoor',
  logoUrl: '',
  accentColour: '#6a21d6',
  supportEmail: '',
}

/** JSON in a `<script type="application/json">` (never executed: the CSP stays `script-src 'self'`). */
export function pageSocietyBlock(society: PublicSocietySettings): string {
  const { name, shortName, logoUrl, accentColour, supportEmail } = society
  const json = JSON.stringify({ name, shortName, logoUrl, accentColour, supportEmail }).replace(
    /</g,
    '\\u003c',
  )
  return `<script type="application/json" id="${PAGE_SOCIETY_ELEMENT_ID}">${json}</script>`
}

/** The society in a block's text; the fallback for anything missing or not text. */
export function parsePageSociety(text: string | null | undefined): PublicSocietySettings {
  let value: Record<string, unknown> = {}
  try {
    value = (JSON.parse(text ?? '{}') ?? {}) as Record<string, unknown>
  } catch {
    return FALLBACK_SOCIETY
  }
  const pick = (key: keyof PublicSocietySettings) =>
    typeof value[key] === 'string' && value[key] ? value[key] : FALLBACK_SOCIETY[key]
  return {
    name: pick('name'),
    shortName: pick('shortName'),
    logoUrl: typeof value.logoUrl === 'string' ? value.logoUrl : '',
    accentColour: pick('accentColour'),
    supportEmail: pick('supportEmail'),
  }
}

/**
 * Whether the accent may fill a primary button: white text on it meets WCAG AA (4.5:1). The settings
 * refuse other colours; one stored before that rule (or a broken block) falls back to the app's purple.
 */
export function accentUsable(hex: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(hex) && contrastWithWhite(hex.toLowerCase()) >= MIN_ACCENT_CONTRAST
}
