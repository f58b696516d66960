import { AUTH_CLIENT_TYPE, createAuthTransport } from './auth/transport.ts'
import { takePageSession } from './auth/page-session.ts'
import { createTabSync } from './auth/tab-sync.ts'
import { documentVisibility } from './auth/session.ts'
import { createAuth, type Auth } from './auth/account.ts'

// The client half of sign-in and sessions (spec §4, PRODUCT.md §4). The long-lived session is the
// server's HttpOnly cookie; the client knows whether there is one, who the user is, and keeps a
// short-lived access token (JWT) for GraphQL and the realtime socket. In four parts:
//   auth/transport.ts  the HTTP calls to /api/auth and for the current user (AuthError, messages)
//   auth/tab-sync.ts   mirroring the session to other tabs (BroadcastChannel, else storage)
//   auth/session.ts    the session machine: state, token refresh timing, backoff, events
//   auth/account.ts    what a member does (sign in, links, passwords) on top of the session
// This module is the one the app imports.

export * from './auth/transport.ts'
export * from './auth/tab-sync.ts'
export * from './auth/session.ts'
export * from './auth/account.ts'
export * from './auth/page-session.ts'

/**
 * The app's session: better-auth, BroadcastChannel (or storage) and the document's visibility,
 * starting signed in when the page came with the session (auth/page-session.ts).
 */
export function createBrowserAuth(): Auth {
  return createAuth({
    transport: createAuthTransport(AUTH_CLIENT_TYPE),
    tabSync: createTabSync(),
    visibility: typeof document === 'undefined' ? null : documentVisibility(document),
    initial: typeof document === 'undefined' ? null : takePageSession(document),
  })
}

/** The parts of the GraphQL connection (lib/graphql.ts) the session drives. */
export interface SessionBoundConnection {
  restartSocket(): void
  resetCache(): void
}

/**
 * Keep the GraphQL connection in step with the session. Every event reconnects the realtime socket,
 * which reads the token getter again: the new token after SIGNED_IN and TOKEN_REFRESHED, none after
 * SIGNED_OUT and USER_DELETED. When the person changes, the cache starts empty, so nothing one
 * member loaded is shown to the next.
 */
export function bindGraphQLConnection(auth: Auth, connection: SessionBoundConnection): () => void {
  return auth.onEvent((event) => {
    connection.restartSocket()
    if (event !== 'TOKEN_REFRESHED') connection.resetCache()
  })
}
