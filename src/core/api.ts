/** The one GraphQL endpoint, for HTTP and WebSocket alike. */
export const GRAPHQL_PATH = '/api/graphql'
/** Which auth provider issued a bearer token (PRODUCT.md §1: every request with a token says so). */
export const AUTH_PROVIDER = 'better-auth'
/** Realtime keep-alive (spec §9): a ping every 30 s. */
export const KEEP_ALIVE_MS = 30_000
