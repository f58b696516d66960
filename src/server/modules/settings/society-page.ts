import { pageSocietyBlock } from '#core/society/page-society.ts'
import type { SocietySettings } from '#core/society/society-settings.schemas.ts'
import { escapeHtml } from '#core/text/mail-text.ts'

/**
 * The built manifest (vite-plugin-pwa) with the society's name, colour and logo: the installed app
 * is the society's (decision 0039). Without a build, the manifest vite.config.ts would write.
 */
export function societyManifest(built: Record<string, unknown> | null, society: SocietySettings) {
  const base = built ?? {
    description: 'The web app of a student music and performing-arts society.',
    background_color: '#ffffff',
    display: 'standalone',
    start_url: '/',
    icons: [{ src: '/pwa-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  }
  const icons = Array.isArray(base.icons) ? base.icons : []
  return {
    ...base,
    name: society.name,
    short_name: society.shortName,
    theme_color: society.accentColour,
    // The society's logo first; the Stagedoor icons stay for the sizes a logo link cannot promise.
    icons: society.logoUrl ? [{ src: society.logoUrl, sizes: 'any', purpose: 'any' }, ...icons] : icons,
  }
}

/**
 * The app's page with the society's name as its title, its accent as the browser's colour, and its
 * public settings for the app's first render.
 */
export function societyPageHead(html: string, society: SocietySettings): string {
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(society.name)}</title>`)
    .replace(/(<meta name="theme-color" content=")[^"]*(")/, `$1${society.accentColour}$2`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      `$1${escapeHtml(society.name)}: events, applications and tickets.$2`,
    )
    .replace('</head>', `  ${pageSocietyBlock(society)}\n  </head>`)
}
