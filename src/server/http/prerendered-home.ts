import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PublicSocietySettings } from '#core/society/society-settings.schemas.ts'
import type { Viewer } from '#server/auth/viewer.ts'

/**
 * The member home rendered ahead of the app (issue 16, decision 0027, "The member home, painted from
 * the page"): `npm run build` compiles src/client/app/prerender.tsx into dist/ssr, beside the
 * client. A signed-in `/` or `/events` then arrives with the shell and the home already in its
 * `#root` — what the app's own first render shows — so the browser paints it before the bundle has
 * run; the app's first render then takes those elements over (app/start.tsx). Without that build (the dev
 * server, tests of the server alone) pages are served as before.
 */

type HomePath = '/' | '/events'
type RenderMemberHome = (user: Viewer, location: HomePath, society: PublicSocietySettings) => string

/** The paths the member home is at (`/` for a signed-in member, and `/events`). */
const HOME_PATHS = new Set<string>(['/', '/events'] satisfies HomePath[])

export interface HomePrerenderer {
  /**
   * The page with the home rendered into it; the page as it was for any other path, or when
   * rendering fails (the app then renders it, as without this build).
   */
  render(html: string, pathname: string, user: Viewer, society: PublicSocietySettings): Promise<string>
}

/**
 * The prerenderer of a client build at `clientDist`, or null when that build has none. Its code is
 * loaded on the first signed-in home page served, not while the server starts.
 */
export function homePrerenderer(clientDist: string, log: (error: unknown) => void): HomePrerenderer | null {
  const file = path.join(clientDist, '..', 'ssr', 'prerender.js')
  if (!existsSync(file)) return null
  let loaded: Promise<RenderMemberHome> | undefined
  return {
    async render(html, pathname, user, society) {
      const location = pathname.replace(/\/+$/, '') || '/'
      if (!HOME_PATHS.has(location)) return html
      try {
        loaded ??= import(pathToFileURL(file).href).then(
          (m: { renderMemberHome: RenderMemberHome }) => m.renderMemberHome,
        )
        const renderMemberHome = await loaded
        const { id, email, name, image, roles } = user
        return injectPrerendered(
          html,
          renderMemberHome({ id, email, name, image, roles }, location as HomePath, society),
        )
      } catch (error) {
        log(error)
        return html
      }
    },
  }
}

/**
 * Put rendered markup into the page's `#root`, without the `<title>` element the page renders (the
 * app makes that the document's title when it runs; in the page's body it would be text). The root
 * is `inert` and hidden from assistive technology until the app takes it over: its buttons do
 * nothing before that.
 */
export function injectPrerendered(html: string, markup: string): string {
  const body = markup.replace(/<title>[\s\S]*?<\/title>/, '')
  return html.replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered inert aria-hidden="true">${body}</div>`,
  )
}
