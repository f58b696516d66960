// The session the server put into the page it served (server/auth/page-session.ts, issue 16): the
// member and an access token, so the app starts signed in without three round trips first. The
// service worker reads pages with it too (sw/sw.ts keeps the session for offline starts).
import { PAGE_SESSION_ELEMENT_ID, pageSessionBlockText } from '#core/auth/page-session.ts'

/** The signed-in member and their access token, as the page was served (the user as `currentUser`). */
export interface PageSession {
  token: string
  user: { id: string; email: string; name: string; image: string | null; roles: string[] }
}

const isString = (value: unknown): value is string => typeof value === 'string'

/** The session in a data block's text, or null when it is not one. */
export function parsePageSession(text: string): PageSession | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  const { token, user } = (value ?? {}) as { token?: unknown; user?: Record<string, unknown> | null }
  if (!isString(token) || !token || !user || !isString(user.id) || !user.id) return null
  return {
    token,
    user: {
      id: user.id,
      email: isString(user.email) ? user.email : '',
      name: isString(user.name) ? user.name : '',
      image: isString(user.image) ? user.image : null,
      roles: Array.isArray(user.roles) ? user.roles.filter(isString) : [],
    },
  }
}

/**
 * The session the page came with, read once: the block is removed, so nothing else on the page (or
 * a later read) finds the token there. Null when the page has none (signed out, or the service
 * worker's offline copy of the shell).
 */
export function takePageSession(doc: {
  getElementById(id: string): { textContent: string | null; remove(): void } | null
}): PageSession | null {
  const element = doc.getElementById(PAGE_SESSION_ELEMENT_ID)
  if (!element) return null
  element.remove()
  return parsePageSession(element.textContent ?? '')
}

/** The session in a served page's HTML (the service worker's view of it), or null. */
export function pageSessionInHtml(html: string): PageSession | null {
  const text = pageSessionBlockText(html)
  return text === null ? null : parsePageSession(text)
}
