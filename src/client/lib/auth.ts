import { safeRelativePath } from '#core/auth/redirect.ts'
import {
  canReuseToken,
  isTokenCacheFresh,
  MAX_ATTEMPTS,
  refreshDelayMs,
  retryDelayMs,
  tokenExpiresAt,
} from '#core/auth/session-timing.ts'
import { AUTH_PROVIDER, authHeaders, GRAPHQL_PATH } from './graphql.ts'

// The client half of sign-in and sessions (spec §4, PRODUCT.md §4). The long-lived session is the
// server's HttpOnly cookie; this module knows whether there is one, who the user is, and keeps a
// short-lived access token (JWT) for GraphQL and the realtime socket. Timers, the network, other
// tabs and page visibility are all injected, so it runs under fake timers in Node.

/** Session events (spec §4). */
export const AUTH_EVENTS = ['SIGNED_IN', 'TOKEN_REFRESHED', 'SIGNED_OUT', 'USER_DELETED'] as const
export type AuthEvent = (typeof AUTH_EVENTS)[number]

/** The signed-in user as `currentUser` returns it. */
export interface CurrentUser {
  id: string
  email: string
  name: string
  image: string | null
  roles: string[]
}

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: CurrentUser }
  /** `error`: why the session could not be restored, when that is why nobody is signed in. */
  | { status: 'anonymous'; user: null; error?: string }

/** The only auth client type the server speaks (its `auth-provider` header value). */
export const AUTH_CLIENT_TYPE = AUTH_PROVIDER

/** What the server answers when a token belongs to a user who has since been deleted. */
export const USER_DELETED_MESSAGE = 'This account no longer exists.'

/** Messages of spec §8, exactly. */
export const AUTH_MESSAGES = {
  notLoggedIn: 'Not logged in.',
  noCurrentSession: 'No current session.',
  requestFailed: 'Request Failed',
  currentUserFailed: (statusText: string, status: number) =>
    `Could not fetch current user: ${statusText} (${status})`,
  unsupportedClient: (type: string) => `Your client ${type} is not supported`,
  notImplemented: (type: string) => `Auth client ${type} does not implement this function`,
  rateLimited: (seconds: number) => `Too many attempts. Try again in ${seconds} seconds.`,
} as const

/**
 * Any failure of an auth call. `code` is the server's (INVALID_EMAIL_OR_PASSWORD, RATE_LIMITED,
 * PASSWORD_TOO_SHORT …) or one of ours: NETWORK, NO_SESSION, NOT_LOGGED_IN, USER_DELETED,
 * CURRENT_USER, UNSUPPORTED_CLIENT, NOT_IMPLEMENTED.
 */
export class AuthError extends Error {
  override readonly name = 'AuthError'
  readonly code: string
  readonly status: number | undefined
  readonly retryAfterSeconds: number | undefined

  constructor(message: string, options: { code: string; status?: number; retryAfterSeconds?: number }) {
    super(message)
    this.code = options.code
    this.status = options.status
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

export function isAuthError(error: unknown, code?: string): error is AuthError {
  return error instanceof AuthError && (code === undefined || error.code === code)
}

const networkError = () => new AuthError(AUTH_MESSAGES.requestFailed, { code: 'NETWORK' })
const noSessionError = () =>
  new AuthError(AUTH_MESSAGES.noCurrentSession, { code: 'NO_SESSION', status: 401 })
const notLoggedInError = () => new AuthError(AUTH_MESSAGES.notLoggedIn, { code: 'NOT_LOGGED_IN' })

// ---------------------------------------------------------------------------------------------
// The auth client: one implementation per server type (the spec's "auth client types").

export interface AuthProviderInfo {
  id: string
  name: string
  type: 'social' | 'oidc'
}

/** `GET /api/auth-config`: what the login page may offer. */
export interface AuthConfig {
  providers: AuthProviderInfo[]
  demo: null | { password: string; accounts: { email: string; name: string; roles: string[] }[] }
  passwordMinLength: number
  /** Where members write when something goes wrong (SUPPORT_EMAIL); the fatal-error page shows it. */
  supportEmail?: string | null
  /** The society's time zone (IANA name): dates are shown in it. */
  timeZone?: string
}

/**
 * The calls an auth client makes. The optional ones are functions a client type may lack; calling
 * them on such a client fails with 'Auth client {type} does not implement this function'.
 */
export interface AuthTransport {
  readonly type: string
  getConfig(): Promise<AuthConfig>
  /** The session behind the cookie, or null. */
  getSession(): Promise<{ userId: string } | null>
  /** A fresh access token; NO_SESSION ('No current session.') when there is no session. */
  getToken(): Promise<string>
  /** `currentUser` with the token; USER_DELETED or CURRENT_USER errors, null when nobody. */
  getCurrentUser(token: string): Promise<CurrentUser | null>
  signIn(input: { email: string; password: string }): Promise<void>
  signUp(input: { name: string; email: string; password: string; callbackURL: string }): Promise<void>
  signOut(): Promise<void>
  requestMagicLink?(input: { email: string; callbackURL: string }): Promise<void>
  consumeMagicLink?(token: string): Promise<void>
  providerSignInUrl?(input: {
    provider: AuthProviderInfo
    callbackURL: string
    errorCallbackURL: string
  }): Promise<string>
  forgotPassword?(input: { email: string; redirectTo: string }): Promise<void>
  resetPassword?(input: { token: string; newPassword: string }): Promise<void>
  changePassword?(input: { currentPassword: string; newPassword: string }): Promise<void>
  updateUser?(input: { name?: string; image?: string | null }): Promise<void>
}

export interface TransportOptions {
  fetch?: typeof fetch
  /** Prefix for every path; the page's own origin when empty. */
  baseUrl?: string
}

/** Create the auth client of a type; only `better-auth` exists. */
export function createAuthTransport(type: string, options: TransportOptions = {}): AuthTransport {
  switch (type) {
    case 'better-auth':
      return betterAuthTransport(options)
    default:
      throw new AuthError(AUTH_MESSAGES.unsupportedClient(type), { code: 'UNSUPPORTED_CLIENT' })
  }
}

interface ErrorBody {
  code?: unknown
  message?: unknown
  retryAfterSeconds?: unknown
  error?: { code?: unknown; message?: unknown }
}

/** An AuthError from an HTTP answer: better-auth's `{code, message}` or our `{error: {code, message}}`. */
export function httpError(response: Response, body: unknown): AuthError {
  const parsed = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody
  if (response.status === 429) {
    const raw = Number(parsed.retryAfterSeconds ?? response.headers.get('retry-after'))
    const seconds = Number.isFinite(raw) && raw > 0 ? Math.ceil(raw) : 60
    return new AuthError(AUTH_MESSAGES.rateLimited(seconds), {
      code: 'RATE_LIMITED',
      status: 429,
      retryAfterSeconds: seconds,
    })
  }
  const code = parsed.code ?? parsed.error?.code
  const message = parsed.message ?? parsed.error?.message
  return new AuthError(
    typeof message === 'string' && message
      ? message
      : `${response.statusText || 'HTTP error'} (${response.status})`,
    { code: typeof code === 'string' && code ? code : `HTTP_${response.status}`, status: response.status },
  )
}

const CURRENT_USER_QUERY = 'query CurrentUser { currentUser { id email name image roles } }'

/** The spec allows roles as a string or a list; the app always works with a list. */
function roleList(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((role): role is string => typeof role === 'string') : []
}

/** `query { currentUser { … } }` over HTTP with the bearer token. */
export async function fetchCurrentUser(
  doFetch: typeof fetch,
  token: string,
  url = GRAPHQL_PATH,
): Promise<CurrentUser | null> {
  let response: Response
  try {
    response = await doFetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...authHeaders(token) },
      body: JSON.stringify({ operationName: 'CurrentUser', query: CURRENT_USER_QUERY, variables: {} }),
    })
  } catch {
    throw networkError()
  }
  const body = (await response.json().catch(() => null)) as {
    data?: { currentUser?: Record<string, unknown> | null }
    errors?: { message?: unknown }[]
  } | null
  const firstError = body?.errors?.[0]?.message
  if (response.status === 401 && firstError === USER_DELETED_MESSAGE) {
    throw new AuthError(USER_DELETED_MESSAGE, { code: 'USER_DELETED', status: 401 })
  }
  if (!response.ok) {
    throw new AuthError(
      AUTH_MESSAGES.currentUserFailed(response.statusText || 'HTTP error', response.status),
      {
        code: 'CURRENT_USER',
        status: response.status,
      },
    )
  }
  if (typeof firstError === 'string') {
    throw new AuthError(AUTH_MESSAGES.currentUserFailed(firstError, response.status), {
      code: 'CURRENT_USER',
      status: response.status,
    })
  }
  const user = body?.data?.currentUser
  if (!user || typeof user.id !== 'string') return null
  return {
    id: user.id,
    email: typeof user.email === 'string' ? user.email : '',
    name: typeof user.name === 'string' ? user.name : '',
    image: typeof user.image === 'string' ? user.image : null,
    roles: roleList(user.roles),
  }
}

/** better-auth behind /api/auth/* (same origin, cookie session). */
export function betterAuthTransport(options: TransportOptions = {}): AuthTransport {
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const base = options.baseUrl ?? ''

  async function call<T>(path: string, body?: object): Promise<T> {
    let response: Response
    try {
      response = await doFetch(base + path, {
        method: body ? 'POST' : 'GET',
        credentials: 'same-origin',
        headers: body
          ? { accept: 'application/json', 'content-type': 'application/json' }
          : { accept: 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
    } catch {
      throw networkError()
    }
    const payload: unknown = await response.json().catch(() => null)
    if (!response.ok) throw httpError(response, payload)
    return payload as T
  }
  const done = () => undefined

  return {
    type: 'better-auth',
    getConfig: () => call<AuthConfig>('/api/auth-config'),
    async getSession() {
      const session = await call<{ user?: { id?: unknown } } | null>('/api/auth/get-session')
      return typeof session?.user?.id === 'string' ? { userId: session.user.id } : null
    },
    async getToken() {
      let answer: { token?: unknown } | null
      try {
        answer = await call<{ token?: unknown } | null>('/api/auth/token')
      } catch (error) {
        throw isAuthError(error) && error.status === 401 ? noSessionError() : error
      }
      if (typeof answer?.token !== 'string' || !answer.token) throw noSessionError()
      return answer.token
    },
    getCurrentUser: (token) => fetchCurrentUser(doFetch, token, base + GRAPHQL_PATH),
    signIn: (input) => call('/api/auth/sign-in/email', input).then(done),
    signUp: (input) => call('/api/auth/sign-up/email', input).then(done),
    signOut: () => call('/api/auth/sign-out', {}).then(done),
    requestMagicLink: (input) => call('/api/auth/sign-in/magic-link', input).then(done),
    consumeMagicLink: (token) => call('/api/auth/magic-link/consume', { token }).then(done),
    async providerSignInUrl({ provider, callbackURL, errorCallbackURL }) {
      // Every provider, the generic OIDC one included, signs in through better-auth's social endpoint.
      const answer = await call<{ url?: unknown } | null>('/api/auth/sign-in/social', {
        provider: provider.id,
        callbackURL,
        errorCallbackURL,
      })
      if (typeof answer?.url !== 'string' || !answer.url) {
        throw new AuthError(`${provider.name} sign-in is not available right now.`, { code: 'PROVIDER' })
      }
      return answer.url
    },
    forgotPassword: (input) => call('/api/auth/request-password-reset', input).then(done),
    resetPassword: (input) => call('/api/auth/reset-password', input).then(done),
    changePassword: (input) => call('/api/auth/change-password', input).then(done),
    updateUser: (input) => call('/api/auth/update-user', input).then(done),
  }
}

// ---------------------------------------------------------------------------------------------
// Other tabs.

/** What one tab tells the others. The token travels only over BroadcastChannel, never into storage. */
export type SyncMessage =
  | { type: 'session'; userId: string; token?: string; expiresAt?: number | null }
  | { type: 'signed-out'; reason: 'SIGNED_OUT' | 'USER_DELETED' }

export interface TabSync {
  post(message: SyncMessage): void
  subscribe(listener: (message: SyncMessage) => void): () => void
  close(): void
}

export const AUTH_CHANNEL_NAME = 'stagedoor-auth'
export const AUTH_STORAGE_KEY = 'stagedoor.auth.session'

function isSyncMessage(value: unknown): value is SyncMessage {
  if (typeof value !== 'object' || value === null) return false
  const message = value as Record<string, unknown>
  if (message.type === 'signed-out')
    return message.reason === 'SIGNED_OUT' || message.reason === 'USER_DELETED'
  return (
    message.type === 'session' &&
    typeof message.userId === 'string' &&
    (message.token === undefined || typeof message.token === 'string') &&
    (message.expiresAt === undefined || message.expiresAt === null || typeof message.expiresAt === 'number')
  )
}

export interface TabSyncEnvironment {
  BroadcastChannel?: typeof BroadcastChannel | undefined
  storage?: Pick<Storage, 'setItem' | 'removeItem'> | null | undefined
  /** Where `storage` events arrive (the window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | undefined
}

function browserTabSyncEnvironment(): TabSyncEnvironment {
  let storage: Storage | null = null
  try {
    storage = globalThis.localStorage ?? null
  } catch {
    // Storage can be blocked (privacy settings); then other tabs learn on their next check.
  }
  return {
    BroadcastChannel: globalThis.BroadcastChannel,
    storage,
    events: typeof window === 'undefined' ? undefined : window,
  }
}

/**
 * Mirror session changes across tabs: BroadcastChannel where there is one, else the `storage`
 * event of a marker in localStorage (the marker never holds the token). Null when neither exists.
 */
export function createTabSync(env: TabSyncEnvironment = browserTabSyncEnvironment()): TabSync | null {
  if (env.BroadcastChannel) {
    const channel = new env.BroadcastChannel(AUTH_CHANNEL_NAME)
    return {
      post: (message) => channel.postMessage(message),
      subscribe(listener) {
        const onMessage = (event: MessageEvent) => {
          if (isSyncMessage(event.data)) listener(event.data)
        }
        channel.addEventListener('message', onMessage)
        return () => channel.removeEventListener('message', onMessage)
      },
      close: () => channel.close(),
    }
  }
  const { storage, events } = env
  if (!storage || !events) return null
  return {
    post(message) {
      try {
        if (message.type === 'signed-out') storage.removeItem(AUTH_STORAGE_KEY)
        else {
          const marker = { type: 'session', userId: message.userId, expiresAt: message.expiresAt ?? null }
          storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(marker))
        }
      } catch {}
    },
    subscribe(listener) {
      const onStorage = (event: Event) => {
        const { key, newValue } = event as StorageEvent
        // key null: the whole storage was cleared, the marker with it.
        if (key !== null && key !== AUTH_STORAGE_KEY) return
        if (newValue === null || key === null) return listener({ type: 'signed-out', reason: 'SIGNED_OUT' })
        let parsed: unknown
        try {
          parsed = JSON.parse(newValue)
        } catch {
          return
        }
        if (isSyncMessage(parsed)) listener(parsed)
      }
      events.addEventListener('storage', onStorage)
      return () => events.removeEventListener('storage', onStorage)
    },
    close: () => undefined,
  }
}

/** Tells the session when the tab becomes visible again. */
export interface VisibilitySource {
  subscribe(onVisible: () => void): () => void
}

export function documentVisibility(doc: Document): VisibilitySource {
  return {
    subscribe(onVisible) {
      const onChange = () => {
        if (doc.visibilityState === 'visible') onVisible()
      }
      doc.addEventListener('visibilitychange', onChange)
      return () => doc.removeEventListener('visibilitychange', onChange)
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The session.

export interface AuthOptions {
  transport: AuthTransport
  tabSync?: TabSync | null
  visibility?: VisibilitySource | null
  /** The clock; timers are the global ones (so fake timers drive both). */
  now?: () => number
}

export interface Auth {
  getState(): AuthState
  /** Called on every state change; returns the unsubscribe function. */
  subscribe(listener: (state: AuthState) => void): () => void
  /** Called on SIGNED_IN, TOKEN_REFRESHED, SIGNED_OUT and USER_DELETED, local or mirrored. */
  onEvent(listener: (event: AuthEvent, state: AuthState) => void): () => void
  /** Restore the session (once; later calls return the same promise) and start listening. */
  start(): Promise<void>
  /** The access token for an API call, or null when signed out. */
  getToken(): Promise<string | null>
  /** Re-check the auth state: session, token and current user. */
  refresh(): Promise<AuthState>
  /** Fetch a new access token now. 'Not logged in.' without a session. */
  refreshSession(): Promise<void>
  /** A GraphQL call was refused with 401: the token is bad or the user gone; find out which. */
  handleUnauthenticated(): void
  /** After a redirect sign-in (provider, email link) landed: tell the other tabs. */
  completeRedirectSignIn(): Promise<AuthState>
  login(input: { email: string; password: string }): Promise<CurrentUser>
  signup(input: { name: string; email: string; password: string; redirectTo?: string | null }): Promise<void>
  logout(): Promise<void>
  requestMagicLink(input: { email: string; redirectTo?: string | null }): Promise<void>
  consumeMagicLink(token: string): Promise<CurrentUser>
  /** Where to send the browser to sign in with a provider. */
  providerSignInUrl(provider: AuthProviderInfo, redirectTo?: string | null): Promise<string>
  forgotPassword(email: string): Promise<void>
  resetPassword(input: { token: string; newPassword: string }): Promise<void>
  changePassword(input: { currentPassword: string; newPassword: string }): Promise<void>
  updateUser(input: { name?: string; image?: string | null }): Promise<CurrentUser>
  /** The login page's configuration, fetched once (again after a failure). */
  getConfig(): Promise<AuthConfig>
  dispose(): void
}

/** Where provider and email-link sign-ins land: /login/success, which then goes to `redirectTo`. */
export function signInSuccessPath(redirectTo?: string | null): string {
  const target = safeRelativePath(redirectTo)
  return target === '/' ? '/login/success' : `/login/success?redirectTo=${encodeURIComponent(target)}`
}

/** Where the password-reset email's link lands after the server has validated its token. */
export const RESET_PASSWORD_PATH = '/reset-password'

interface StoredToken {
  value: string
  /** On this device's clock; null when the token does not say. */
  expiresAt: number | null
}

const ignore = () => undefined

export function createAuth(options: AuthOptions): Auth {
  const { transport } = options
  const now = options.now ?? (() => Date.now())
  const tabSync = options.tabSync ?? null

  let state: AuthState = { status: 'loading', user: null }
  let token: StoredToken | null = null
  let tokenFetch: { at: number; promise: Promise<string | null> } | null = null
  let refreshTimer: ReturnType<typeof setTimeout> | undefined
  // Bumped whenever the signed-in identity is dropped or replaced: answers to calls started before
  // then are about someone who is no longer here, and are thrown away.
  let epoch = 0
  let started: Promise<void> | undefined
  let disposed = false
  let config: Promise<AuthConfig> | undefined
  let running: Promise<AuthState> | null = null
  let queued: Promise<AuthState> | null = null
  const stateListeners = new Set<(state: AuthState) => void>()
  const eventListeners = new Set<(event: AuthEvent, state: AuthState) => void>()
  const stops: (() => void)[] = []

  function setState(next: AuthState) {
    state = next
    for (const listener of [...stateListeners]) listener(state)
  }

  function emit(event: AuthEvent) {
    for (const listener of [...eventListeners]) listener(event, state)
  }

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

  /** Retry network failures (no answer at all) with backoff; HTTP answers are final. */
  async function withRetry<T>(operation: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await operation()
      } catch (error) {
        if (!isAuthError(error, 'NETWORK') || attempt >= MAX_ATTEMPTS - 1 || disposed) throw error
        await sleep(retryDelayMs(attempt))
      }
    }
  }

  function stored(value: string): StoredToken {
    return { value, expiresAt: tokenExpiresAt(value, now()) }
  }

  function reusable(candidate: StoredToken | null): candidate is StoredToken {
    return candidate !== null && candidate.expiresAt !== null && canReuseToken(candidate.expiresAt, now())
  }

  function scheduleRefresh() {
    clearTimeout(refreshTimer)
    refreshTimer = undefined
    if (disposed || state.status !== 'authenticated' || token?.expiresAt == null) return
    refreshTimer = setTimeout(
      () => void refreshToken({ announce: true }).catch(ignore),
      refreshDelayMs(token.expiresAt, now()),
    )
  }

  /** Tell the other tabs about this tab's session. */
  function announce() {
    if (state.status !== 'authenticated') return
    tabSync?.post({
      type: 'session',
      userId: state.user.id,
      ...(token ? { token: token.value, expiresAt: token.expiresAt } : {}),
    })
  }

  function becomeAnonymous(reason: 'SIGNED_OUT' | 'USER_DELETED', broadcast: boolean, error?: string) {
    const was = state.status
    epoch++
    token = null
    tokenFetch = null
    clearTimeout(refreshTimer)
    refreshTimer = undefined
    if (was !== 'anonymous' || error !== undefined) {
      setState(
        error === undefined
          ? { status: 'anonymous', user: null }
          : { status: 'anonymous', user: null, error },
      )
    }
    if (was === 'authenticated') {
      emit(reason)
      if (broadcast) tabSync?.post({ type: 'signed-out', reason })
    }
  }

  function becomeAuthenticated(user: CurrentUser, next: StoredToken) {
    const previous = state
    const previousToken = token
    const sameUser = previous.status === 'authenticated' && previous.user.id === user.id
    if (!sameUser) epoch++
    token = next
    tokenFetch = null
    setState({ status: 'authenticated', user })
    scheduleRefresh()
    // Restoring the session on load is not an event: nothing was connected with another identity.
    if (previous.status === 'loading') return
    if (!sameUser) emit('SIGNED_IN')
    else if (previousToken?.value !== next.value) emit('TOKEN_REFRESHED')
  }

  /**
   * A new access token for the signed-in user. TOKEN_REFRESHED when it replaces another, told to the
   * other tabs when `announce`; a session that has ended signs this tab out ('No current session.').
   */
  async function refreshToken({ announce: tell }: { announce: boolean }): Promise<string | null> {
    const at = epoch
    let value: string
    try {
      value = await withRetry(() => transport.getToken())
    } catch (error) {
      if (isAuthError(error, 'NO_SESSION') && at === epoch) becomeAnonymous('SIGNED_OUT', true)
      throw error
    }
    if (at !== epoch || state.status !== 'authenticated') return null
    const previous = token
    token = stored(value)
    scheduleRefresh()
    if (previous?.value !== value) {
      emit('TOKEN_REFRESHED')
      if (tell) announce()
    }
    return value
  }

  async function runCheck(): Promise<AuthState> {
    const at = epoch
    const session = await withRetry(() => transport.getSession())
    if (at !== epoch) return state
    if (!session) {
      becomeAnonymous('SIGNED_OUT', true)
      return state
    }
    const sameUser = state.status === 'authenticated' && state.user.id === session.userId
    const kept = sameUser && reusable(token) ? token : null
    const freshToken = async () => stored(await withRetry(() => transport.getToken()))
    const userFor = (candidate: StoredToken) => withRetry(() => transport.getCurrentUser(candidate.value))
    let next: StoredToken
    let user: CurrentUser | null
    try {
      next = kept ?? (await freshToken())
      try {
        user = await userFor(next)
      } catch (error) {
        // The token we kept was refused (keys rotated, say): one more try with a fresh one.
        if (!kept || !isAuthError(error, 'CURRENT_USER') || error.status !== 401) throw error
        next = await freshToken()
        user = await userFor(next)
      }
    } catch (error) {
      if (at !== epoch) return state
      if (isAuthError(error, 'NO_SESSION')) {
        becomeAnonymous('SIGNED_OUT', true)
        return state
      }
      if (isAuthError(error, 'USER_DELETED')) {
        becomeAnonymous('USER_DELETED', true)
        return state
      }
      throw error
    }
    if (at !== epoch) return state
    if (!user) becomeAnonymous('SIGNED_OUT', true)
    else becomeAuthenticated(user, next)
    return state
  }

  /** Re-check; calls while one runs share a single re-check after it. */
  function check(): Promise<AuthState> {
    if (!running) {
      running = runCheck().finally(() => {
        running = null
      })
      return running
    }
    queued ??= running.then(ignore, ignore).then(() => {
      queued = null
      return check()
    })
    return queued
  }

  function onSync(message: SyncMessage) {
    if (disposed) return
    if (message.type === 'signed-out') {
      if (state.status === 'authenticated') becomeAnonymous(message.reason, false)
      return
    }
    if (state.status === 'authenticated' && state.user.id === message.userId) {
      if (message.token !== undefined) {
        if (message.token === token?.value) return
        const expiresAt = message.expiresAt ?? tokenExpiresAt(message.token, now())
        // Keep ours when it lasts longer: both tabs may have refreshed at the same moment.
        if (token?.expiresAt != null && (expiresAt === null || expiresAt <= token.expiresAt)) return
        token = { value: message.token, expiresAt }
        tokenFetch = null
        scheduleRefresh()
        emit('TOKEN_REFRESHED')
      } else if (message.expiresAt !== token?.expiresAt) {
        // The storage fallback does not carry the token: fetch our own, without telling anyone.
        void refreshToken({ announce: false }).catch(ignore)
      }
      return
    }
    // Another tab signed in (perhaps as someone else): find out who, here too.
    void check().catch(ignore)
  }

  function requireSession() {
    if (state.status !== 'authenticated') throw notLoggedInError()
  }

  /** A function the client type lacks (spec §8: 'Auth client {type} does not implement this function'). */
  function notImplemented(): AuthError {
    return new AuthError(AUTH_MESSAGES.notImplemented(transport.type), { code: 'NOT_IMPLEMENTED' })
  }

  async function signedInAfter(action: () => Promise<void>): Promise<CurrentUser> {
    void start()
    await action()
    const next = await check()
    if (next.status !== 'authenticated') throw notLoggedInError()
    announce()
    return next.user
  }

  function start(): Promise<void> {
    if (!started) {
      if (tabSync) stops.push(tabSync.subscribe(onSync))
      if (options.visibility) stops.push(options.visibility.subscribe(() => void check().catch(ignore)))
      started = check().then(ignore, (error: unknown) => {
        if (state.status === 'loading') {
          becomeAnonymous('SIGNED_OUT', false, error instanceof Error ? error.message : String(error))
        }
      })
    }
    return started
  }

  return {
    getState: () => state,
    subscribe(listener) {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
    onEvent(listener) {
      eventListeners.add(listener)
      return () => eventListeners.delete(listener)
    },
    start,
    async getToken() {
      await start()
      if (state.status !== 'authenticated') return null
      if (reusable(token)) return token.value
      const at = now()
      if (!tokenFetch || !isTokenCacheFresh(tokenFetch.at, at)) {
        // The session having ended is an answer (null, and this tab signs out), not a failure.
        const promise = refreshToken({ announce: true }).catch((error: unknown) => {
          if (isAuthError(error, 'NO_SESSION')) return null
          throw error
        })
        tokenFetch = { at, promise }
      }
      return tokenFetch.promise
    },
    refresh() {
      void start()
      return check()
    },
    async refreshSession() {
      requireSession()
      const value = await refreshToken({ announce: true })
      if (value === null) throw notLoggedInError()
    },
    handleUnauthenticated() {
      if (state.status !== 'authenticated') return
      token = null
      tokenFetch = null
      void check().catch(ignore)
    },
    async completeRedirectSignIn() {
      await start()
      announce()
      return state
    },
    login: (input) => signedInAfter(() => transport.signIn(input)),
    async signup({ name, email, password, redirectTo }) {
      void start()
      await transport.signUp({ name, email, password, callbackURL: signInSuccessPath(redirectTo) })
      // A login or signup re-checks the auth state (no session yet while the email is unverified).
      await check().catch(ignore)
    },
    async logout() {
      let failure: unknown
      try {
        await withRetry(() => transport.signOut())
      } catch (error) {
        failure = error
      }
      // Signed out here whatever the server said: the member asked to leave this device.
      becomeAnonymous('SIGNED_OUT', true)
      if (failure) throw failure
    },
    async requestMagicLink({ email, redirectTo }) {
      if (!transport.requestMagicLink) throw notImplemented()
      await transport.requestMagicLink({ email, callbackURL: safeRelativePath(redirectTo) })
    },
    async consumeMagicLink(magicToken) {
      const consume = transport.consumeMagicLink?.bind(transport)
      if (!consume) throw notImplemented()
      return signedInAfter(() => consume(magicToken))
    },
    async providerSignInUrl(provider, redirectTo) {
      const target = safeRelativePath(redirectTo)
      const errorCallbackURL =
        target === '/'
          ? '/login/success?error=provider'
          : `/login/success?error=provider&redirectTo=${encodeURIComponent(target)}`
      if (!transport.providerSignInUrl) throw notImplemented()
      return transport.providerSignInUrl({
        provider,
        callbackURL: signInSuccessPath(target),
        errorCallbackURL,
      })
    },
    async forgotPassword(email) {
      if (!transport.forgotPassword) throw notImplemented()
      await transport.forgotPassword({ email, redirectTo: RESET_PASSWORD_PATH })
    },
    async resetPassword(input) {
      if (!transport.resetPassword) throw notImplemented()
      await transport.resetPassword(input)
    },
    async changePassword(input) {
      requireSession()
      if (!transport.changePassword) throw notImplemented()
      await transport.changePassword(input)
      // The server ended every other session and renewed this one.
      await check().catch(ignore)
    },
    async updateUser(input) {
      requireSession()
      if (!transport.updateUser) throw notImplemented()
      await transport.updateUser(input)
      const next = await check()
      if (next.status !== 'authenticated') throw notLoggedInError()
      return next.user
    },
    getConfig() {
      config ??= transport.getConfig().catch((error: unknown) => {
        config = undefined
        throw error
      })
      return config
    },
    dispose() {
      disposed = true
      clearTimeout(refreshTimer)
      for (const stop of stops.splice(0)) stop()
      tabSync?.close()
      stateListeners.clear()
      eventListeners.clear()
    },
  }
}

/** The app's session: better-auth, BroadcastChannel (or storage) and the document's visibility. */
export function createBrowserAuth(): Auth {
  return createAuth({
    transport: createAuthTransport(AUTH_CLIENT_TYPE),
    tabSync: createTabSync(),
    visibility: typeof document === 'undefined' ? null : documentVisibility(document),
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
