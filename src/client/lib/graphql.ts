import { cacheExchange } from '@urql/exchange-graphcache'
import type { createClient as CreateWsClient, Client as WsClient } from 'graphql-ws'
import { Client, fetchExchange, subscriptionExchange } from 'urql'
import { reconnectDelayMs } from './reconnect-delay.ts'
import { CACHE_KEYS } from '#client/gql/cache-keys.ts'

import { AUTH_PROVIDER, GRAPHQL_PATH, KEEP_ALIVE_MS } from '#core/api.ts'

export { AUTH_PROVIDER, GRAPHQL_PATH, KEEP_ALIVE_MS }
/**
 * Realtime heartbeat (spec §9): a ping every KEEP_ALIVE_MS; the socket is dropped (then reconnected)
 * when its pong takes longer than 10 s.
 */
export const PONG_TIMEOUT_MS = 10_000

/** Returns the current access token, or nothing when signed out. Called for every request. */
export type TokenGetter = () => string | null | undefined | Promise<string | null | undefined>

export interface GraphQLConnectionOptions {
  getToken?: TokenGetter
  /** Defaults to `/api/graphql` on the page's origin. */
  url?: string
  /** Defaults to ws(s)://<page host>/api/graphql. */
  wsUrl?: string
  /** For tests: the fetch to send HTTP operations with. */
  fetch?: typeof fetch
  /** For tests: the WebSocket implementation. */
  webSocketImpl?: unknown
  /**
   * Called when the server refuses a request that carried a token with 401: the token is bad or its
   * user is gone, which the session finds out (lib/auth.ts `handleUnauthenticated`).
   */
  onUnauthenticated?: () => void
  /**
   * Called when the server closes the socket because its user changed (roles, sessions or the
   * account: close code 4403): the session re-checks who it is, and the socket reconnects.
   */
  onUserChanged?: () => void
  /**
   * Called with true when the realtime socket is acknowledged and false when it closes, so live views
   * can fall back to fetching while it is down (lib/realtime-status.ts).
   */
  onSocketChange?: (open: boolean) => void
}

/** The server's close code for "this socket's user changed" (src/server/realtime/user-sockets.ts). */
export const USER_CHANGED_CLOSE_CODE = 4403
/** The server's close code for "this socket's account was deleted": the session re-checks and signs out. */
export const USER_DELETED_CLOSE_CODE = 4410

export interface GraphQLConnection {
  /** The current urql client; a new one after `resetCache`. */
  readonly client: Client
  /**
   * Reconnect the realtime socket so it re-authenticates with the token the getter returns now.
   * Auth calls this on every session event (lib/auth.ts `bindGraphQLConnection`). Open subscriptions
   * resume on the new socket; with none open there is nothing to do, as the next connection reads the
   * token anyway.
   */
  restartSocket(): void
  /**
   * Replace the urql client with one whose cache is empty (same socket, same token getter). Auth
   * calls this when the signed-in person changes, so no one sees data loaded for someone else.
   */
  resetCache(): void
  /** Called with the new client after each `resetCache`; returns the unsubscribe function. */
  onClientChange(listener: (client: Client) => void): () => void
  dispose(): void
}

/** Headers that carry a token over HTTP. */
export function authHeaders(token: string | null | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}`, 'auth-provider': AUTH_PROVIDER } : {}
}

/** The graphql-ws `connection_init` payload for a token; empty when signed out. */
export function socketConnectionParams(token: string | null | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {}
}

/** ws: or wss: to match the page, same host, same path. */
export function webSocketUrl(location: Pick<Location, 'protocol' | 'host'>, path = GRAPHQL_PATH): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`
}

// How graphcache identifies entities: generated from the schema by `npm run codegen`
// (scripts/cache-keys.ts says which types are keyed by a field other than their id, and why).
export { CACHE_KEYS }

// NOTE: graphql-ws uses 4205 in its own restart recipe; any 4xxx code that is not fatal makes it retry.
const RESTART_CLOSE_CODE = 4205
// WebSocket.OPEN, spelled out so this module loads where there is no global WebSocket (Node 20 tests).
const WS_OPEN = 1

/**
 * The app's GraphQL client: urql with graphcache, queries `cache-and-network`, every operation sent
 * as `POST` JSON `{operationName, variables, query}`; subscriptions over graphql-ws on the same path.
 */
export function createGraphQLConnection(options: GraphQLConnectionOptions = {}): GraphQLConnection {
  const getToken: TokenGetter = options.getToken ?? (() => null)
  const url = options.url ?? GRAPHQL_PATH
  const baseFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))

  let openSocket: WebSocket | undefined
  let skipNextWait = false
  let pongTimer: ReturnType<typeof setTimeout> | undefined
  // Set when the server closed the socket because its user changed: once connected again the session
  // re-checks a second time, as a further change (a role lapsing just after a grant) may have
  // happened while no socket was open to hear it.
  let recheckOnConnect = false

  const createSocket = (createClient: typeof CreateWsClient): WsClient => {
    const socket: WsClient = createClient({
      url: () => options.wsUrl ?? webSocketUrl(window.location),
      ...(options.webSocketImpl ? { webSocketImpl: options.webSocketImpl } : {}),
      lazy: true,
      keepAlive: KEEP_ALIVE_MS,
      retryAttempts: Number.POSITIVE_INFINITY,
      // Retry any drop (server restart, network change, a pong timeout); fatal close codes still stop.
      shouldRetry: () => true,
      retryWait: async (retries) => {
        if (skipNextWait) {
          // A restart we asked for: reconnect at once.
          skipNextWait = false
          return
        }
        await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(retries)))
      },
      connectionParams: async () => socketConnectionParams(await getToken()),
      on: {
        opened: (ws) => {
          openSocket = ws as WebSocket
        },
        connected: () => {
          skipNextWait = false
          options.onSocketChange?.(true)
          if (recheckOnConnect) {
            recheckOnConnect = false
            options.onUserChanged?.()
          }
        },
        closed: (event) => {
          openSocket = undefined
          clearTimeout(pongTimer)
          options.onSocketChange?.(false)
          const code = (event as { code?: number } | undefined)?.code
          if (code === USER_CHANGED_CLOSE_CODE || code === USER_DELETED_CLOSE_CODE) {
            recheckOnConnect = true
            options.onUserChanged?.()
          }
        },
        ping: (received) => {
          if (received) return
          // We pinged: the server has 10 s to answer before the socket counts as dead.
          clearTimeout(pongTimer)
          // terminate() is graphql-ws's way out of a frozen socket: it closes at once and retries.
          pongTimer = setTimeout(() => socket.terminate(), PONG_TIMEOUT_MS)
        },
        pong: (received) => {
          if (received) clearTimeout(pongTimer)
        },
      },
    })
    return socket
  }

  // NOTE: graphql-ws is downloaded with the first subscription, not in the first load (decision 0027).
  let socketLoad: Promise<WsClient> | undefined
  let disposed = false
  const loadSocket = () =>
    (socketLoad ??= import('graphql-ws').then(({ createClient }) => {
      const created = createSocket(createClient)
      if (disposed) void created.dispose()
      return created
    }))

  const makeClient = () =>
    new Client({
      url,
      requestPolicy: 'cache-and-network',
      // NOTE: urql would send small queries as GET; the API takes POST JSON only.
      preferGetMethod: false,
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers)
        const token = await getToken()
        for (const [name, value] of Object.entries(authHeaders(token))) headers.set(name, value)
        const response = await baseFetch(input, { ...init, headers })
        if (response.status === 401 && token) options.onUnauthenticated?.()
        return response
      },
      exchanges: [
        cacheExchange({ keys: CACHE_KEYS }),
        fetchExchange,
        subscriptionExchange({
          forwardSubscription(request) {
            const input = { ...request, query: request.query ?? '' }
            return {
              subscribe(sink) {
                let unsubscribe: (() => void) | undefined
                let cancelled = false
                loadSocket().then(
                  (socket) => {
                    if (!cancelled) unsubscribe = socket.subscribe(input, sink)
                  },
                  (error: unknown) => sink.error(error),
                )
                return {
                  unsubscribe() {
                    cancelled = true
                    unsubscribe?.()
                  },
                }
              },
            }
          },
        }),
      ],
    })
  let client = makeClient()
  const clientListeners = new Set<(client: Client) => void>()

  return {
    get client() {
      return client
    },
    restartSocket() {
      if (openSocket?.readyState !== WS_OPEN) return
      skipNextWait = true
      openSocket.close(RESTART_CLOSE_CODE, 'Client restart')
    },
    resetCache() {
      client = makeClient()
      for (const listener of [...clientListeners]) listener(client)
    },
    onClientChange(listener) {
      clientListeners.add(listener)
      return () => clientListeners.delete(listener)
    },
    dispose() {
      clearTimeout(pongTimer)
      clientListeners.clear()
      disposed = true
      void socketLoad?.then((socket) => socket.dispose())
    },
  }
}
