// What the service worker keeps for offline use (issue 19, decision 0028). Pure rules, no worker
// globals, so they are unit tested in Node.

/**
 * The Cache Storage bucket of the member's saved pages, their attachments and the session; emptied on
 * sign-out. v2: entries carry their event (EVENT_HEADER) and variables are digested in key order.
 */
export const MEMBER_CACHE = 'stagedoor-member-v2'

/** The learning tracks the member chose to keep on this device (a bucket of its own). */
export const TRACKS_CACHE = 'stagedoor-member-tracks-v1'

/** Every bucket of the member's: deleted on sign-out; any other `stagedoor-member` one is stale. */
export const MEMBER_CACHES: readonly string[] = [MEMBER_CACHE, TRACKS_CACHE]

/** Whether a Cache Storage bucket holds the member's material (sign-out deletes all of them). */
export function isMemberCache(name: string): boolean {
  return name.startsWith('stagedoor-member')
}

/** Header on a kept response: the event it belongs to (dropped when the sidebar no longer lists it). */
export const EVENT_HEADER = 'x-stagedoor-event'

/** Header on a kept response: what it is (a GraphQL operation's name, `attachment` or `track`). */
export const KIND_HEADER = 'x-stagedoor-kind'

/** Header on a response served from MEMBER_CACHE: when it was saved (ISO 8601). */
export const SAVED_AT_HEADER = 'x-stagedoor-saved-at'

/**
 * The GraphQL queries kept for offline use: the session's own (who is signed in, the sidebar) and
 * those of the participant pages the sidebar grants (info pack, venue access, cast list, part
 * breakdown, learning tracks, tickets with their QR codes). Nothing admin-side is ever kept.
 */
export const OFFLINE_OPERATIONS: ReadonlySet<string> = new Set([
  'CurrentUser',
  'Me',
  'NavItemsQuery',
  'InfoPack',
  'VenueAccess',
  'CastList',
  'PartBreakdown',
  'LearningTracksQuery',
  'MyTickets',
])

/** The session calls the app makes on start; kept so a reload offline still knows who is here. */
export const SESSION_PATHS: ReadonlySet<string> = new Set(['/api/auth/get-session', '/api/auth/token'])

/** Calls that end the session: the member cache is emptied before they go out. */
export const SIGN_OUT_PATHS: ReadonlySet<string> = new Set(['/api/auth/sign-out', '/api/auth/delete-user'])

export interface GraphQLBody {
  operationName?: unknown
  query?: unknown
  variables?: unknown
}

/** The operation's name when the body is a query worth keeping offline, else null. */
export function offlineOperation(body: GraphQLBody | null): string | null {
  if (!body || typeof body.query !== 'string' || typeof body.operationName !== 'string') return null
  if (!/^\s*query\b/.test(body.query)) return null
  return OFFLINE_OPERATIONS.has(body.operationName) ? body.operationName : null
}

/**
 * The cache key of a GraphQL query: a GET URL (Cache Storage keeps GET requests only) naming the
 * operation and a digest of its variables, so the info pack of one event never answers for another.
 */
export function graphqlCacheUrl(origin: string, operationName: string, variablesDigest: string): string {
  return `${origin}/__offline/graphql/${encodeURIComponent(operationName)}/${variablesDigest}`
}

/** JSON with object keys in sorted order: the same variables give the same key however written. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return inner
    const record = inner as Record<string, unknown>
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]]),
    )
  })
}

/** The event a kept query belongs to: its `eventSlug` variable, if any. */
export function eventOfVariables(variables: unknown): string | null {
  if (!variables || typeof variables !== 'object') return null
  const slug = (variables as { eventSlug?: unknown }).eventSlug
  return typeof slug === 'string' && slug !== '' ? slug : null
}

/** Where stored files are served (src/server/storage/signed-url.ts's FILES_PATH). */
export const FILES_PREFIX = '/api/files/'

/**
 * The cache key of a stored file: its URL without the query. Links are signed (`?exp=…&sig=…`) and
 * change on every answer; the file behind a path never does (upload keys are unique), so the copy
 * kept under the path answers for any later link to it. Null for anything that is not a file link.
 */
export function fileCacheUrl(url: string, origin: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url, origin)
  } catch {
    return null
  }
  if (parsed.origin !== origin || !parsed.pathname.startsWith(FILES_PREFIX)) return null
  if (parsed.pathname.length === FILES_PREFIX.length) return null
  return `${parsed.origin}${parsed.pathname}`
}

/** Whether a file response may be kept: the server's own full answer (not a range, not an error). */
export function keepableFile(response: { status: number; type?: string }): boolean {
  return (
    response.status === 200 &&
    (response.type === undefined || response.type === 'basic' || response.type === 'default')
  )
}

/** Whether a GraphQL answer is worth keeping: data and no errors (an error ends what was kept). */
export function keepable(json: unknown): boolean {
  if (!json || typeof json !== 'object') return false
  const { data, errors } = json as { data?: unknown; errors?: unknown }
  return data !== null && data !== undefined && (errors === undefined || errors === null)
}

/** Whether a get-session answer says there is no session (the member cache must go). */
export function noSession(json: unknown): boolean {
  return json === null || (typeof json === 'object' && !(json as { user?: unknown }).user)
}

/** Messages from the worker to the page (offline/banner.ts shows them). */
export type WorkerMessage = { type: 'stagedoor-offline'; savedAt: string } | { type: 'stagedoor-online' }

/**
 * Messages from the page to the worker. `stagedoor-keep-session`: who is signed in here (the page
 * session's JSON, auth/page-session.ts), for a session that did not come with a page the worker saw
 * (a sign-in on the login page, or a page loaded before the worker took control): without it the
 * shell would open offline not knowing who this is (issue 32).
 */
export type PageMessage = { type: 'stagedoor-keep-session'; session: string }

export const KEEP_SESSION_MESSAGE = 'stagedoor-keep-session'

/** The session JSON of a page message, or null when the message is something else. */
export function keptSessionOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null
  const { type, session } = data as { type?: unknown; session?: unknown }
  return type === KEEP_SESSION_MESSAGE && typeof session === 'string' ? session : null
}
