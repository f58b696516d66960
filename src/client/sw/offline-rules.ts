// What the service worker keeps for offline use (issue 19, decision 0028). Pure rules, no worker
// globals, so they are unit tested in Node.

/** The Cache Storage bucket of the member's saved pages and session; emptied on sign-out. */
export const MEMBER_CACHE = 'stagedoor-member-v1'

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
