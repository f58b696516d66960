// The data block that carries a signed-in member's session in the page the server serves them
// (server/auth/page-session.ts writes it; the client and its service worker read it:
// client/lib/auth/page-session.ts). One markup, written and read here.

/** The id of the page's JSON data block. */
export const PAGE_SESSION_ELEMENT_ID = 'stagedoor-session'

/**
 * The block for `value`: JSON in a `<script type="application/json">`, never executed, so the CSP's
 * `script-src 'self'` is untouched. `<` is escaped so no value can close the element.
 */
export function pageSessionBlock(value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${PAGE_SESSION_ELEMENT_ID}">${json}</script>`
}

const BLOCK = new RegExp(`<script type="application/json" id="${PAGE_SESSION_ELEMENT_ID}">([^<]*)</script>`)

/** The JSON text of the block in a page's HTML, or null when the page has none. */
export function pageSessionBlockText(html: string): string | null {
  return BLOCK.exec(html)?.[1] ?? null
}
