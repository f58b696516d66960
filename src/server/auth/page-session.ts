import type { FastifyReply, FastifyRequest } from 'fastify'
import { pageSessionBlock } from '#core/auth/page-session.ts'
import { toWebRequest } from '#server/http/headers.ts'
import type { Viewer } from './viewer.ts'

/** The signed-in member a page is served to, and an access token for their first API calls. */
export interface PageSession {
  token: string
  user: Viewer
}

/**
 * The session of a page load, found while the page is served (issue 16, decision 0027): what the
 * client would otherwise ask for in three round trips after its code ran (get-session, token,
 * currentUser). The token comes from better-auth's own `/api/auth/token` (the same call the client
 * makes, rate limit and session renewal included: its cookies go out with the page), and the user
 * from that token as GraphQL would see it (session still live, user still there). Null without a
 * session cookie or when any step says no.
 */
export async function pageSession(request: FastifyRequest, reply: FastifyReply): Promise<PageSession | null> {
  const cookie = request.headers.cookie
  if (typeof cookie !== 'string' || !cookie.includes('session_token=')) return null
  // A missing file (`/x.png`) is no page, and a widget framed by another site needs no session.
  const pathname = request.url.split('?')[0]!
  if (/\.\w+$/.test(pathname) || pathname.startsWith('/embed/')) return null
  const { auth, config, viewers } = request.ctx.services
  const response = await auth.handler(
    toWebRequest(request, config.appUrl, { method: 'GET', url: '/api/auth/token' }),
  )
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  if (!response.ok) return null
  const body = (await response.json().catch(() => null)) as { token?: unknown } | null
  const token = body?.token
  if (typeof token !== 'string' || !token) return null
  const check = await viewers.fromToken(token)
  return check.ok ? { token, user: check.viewer } : null
}

/** The page with its session as the data block the client reads (core/auth/page-session.ts). */
export function injectPageSession(html: string, session: PageSession): string {
  const { id, email, name, image, roles } = session.user
  const block = pageSessionBlock({ token: session.token, user: { id, email, name, image, roles } })
  return html.replace('</head>', `  ${block}\n  </head>`)
}
