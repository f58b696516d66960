import {
  canReuseToken,
  isTokenCacheFresh,
  MAX_ATTEMPTS,
  refreshDelayMs,
  retryDelayMs,
  tokenExpiresAt,
} from '#core/auth/session-timing.ts'
import type { PageSession } from './page-session.ts'
import type { SyncMessage, TabSync } from './tab-sync.ts'
import { isAuthError, notLoggedInError, type AuthTransport, type CurrentUser } from './transport.ts'

// The session machine (spec §4, PRODUCT.md §4): who is signed in, the short-lived access token and
// when to refresh it, retries with backoff, the session events, and what other tabs and the page's
// visibility say. Timers, the network, other tabs and visibility are injected, so it runs under fake
// timers in Node.

/** Session events (spec §4). */
export const AUTH_EVENTS = ['SIGNED_IN', 'TOKEN_REFRESHED', 'SIGNED_OUT', 'USER_DELETED'] as const
export type AuthEvent = (typeof AUTH_EVENTS)[number]

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: CurrentUser }
  /** `error`: why the session could not be restored, when that is why nobody is signed in. */
  | { status: 'anonymous'; user: null; error?: string }

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

export interface AuthOptions {
  transport: AuthTransport
  tabSync?: TabSync | null
  visibility?: VisibilitySource | null
  /** The clock; timers are the global ones (so fake timers drive both). */
  now?: () => number
  /**
   * The session the page was served with (auth/page-session.ts): the machine starts signed in with
   * it, and `start` restores nothing.
   */
  initial?: PageSession | null
}

/** The session as the account actions (auth/account.ts) and the app see it. */
export interface SessionMachine {
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
  /** Re-check; calls while one runs share a single re-check after it. */
  check(): Promise<AuthState>
  /** Tell the other tabs about this tab's session. */
  announce(): void
  /** Retry network failures (no answer at all) with backoff; HTTP answers are final. */
  withRetry<T>(operation: () => Promise<T>): Promise<T>
  /** 'Not logged in.' unless someone is signed in here. */
  requireSession(): void
  /** Signed out here (whatever the server said), and the other tabs told. */
  signedOut(): void
  dispose(): void
}

interface StoredToken {
  value: string
  /** On this device's clock; null when the token does not say. */
  expiresAt: number | null
}

const ignore = () => undefined

export function createSessionMachine(options: AuthOptions): SessionMachine {
  const { transport } = options
  const now = options.now ?? (() => Date.now())
  const tabSync = options.tabSync ?? null

  const initial = options.initial ?? null
  let state: AuthState = initial
    ? { status: 'authenticated', user: initial.user }
    : { status: 'loading', user: null }
  let token: StoredToken | null = initial
    ? { value: initial.token, expiresAt: tokenExpiresAt(initial.token, now()) }
    : null
  let tokenFetch: { at: number; promise: Promise<string | null> } | null = null
  let refreshTimer: ReturnType<typeof setTimeout> | undefined
  // Bumped whenever the signed-in identity is dropped or replaced: answers to calls started before
  // then are about someone who is no longer here, and are thrown away.
  let epoch = 0
  let started: Promise<void> | undefined
  let disposed = false
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

  function start(): Promise<void> {
    if (!started) {
      if (tabSync) stops.push(tabSync.subscribe(onSync))
      if (options.visibility) stops.push(options.visibility.subscribe(() => void check().catch(ignore)))
      if (initial) {
        // The page came with the session: nothing to restore, only the token's refresh to plan.
        scheduleRefresh()
        started = Promise.resolve()
        return started
      }
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
    check,
    announce,
    withRetry,
    requireSession,
    signedOut: () => becomeAnonymous('SIGNED_OUT', true),
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
