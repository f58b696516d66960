import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  AUTH_STORAGE_KEY,
  AuthError,
  betterAuthTransport,
  bindGraphQLConnection,
  createAuth,
  createAuthTransport,
  createTabSync,
  fetchCurrentUser,
  signInSuccessPath,
  type Auth,
  type AuthEvent,
  type AuthTransport,
  type CurrentUser,
  type PageSession,
  type SyncMessage,
  type TabSync,
} from './auth.ts'

const START = 1_800_000_000_000

function base64url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

let tokenSerial = 0
/** A JWT as the server issues it: iat now, exp after `lifetimeSeconds`. */
function jwtFor(userId: string, lifetimeSeconds: number): string {
  const iat = Math.floor(Date.now() / 1000)
  tokenSerial++
  return `${base64url({ alg: 'EdDSA' })}.${base64url({ sub: userId, iat, exp: iat + lifetimeSeconds, n: tokenSerial })}.sig`
}

const MAYA: CurrentUser = {
  id: 'u-maya',
  email: 'member1@stagedoor.test',
  name: 'Maya Patel',
  image: null,
  roles: [],
}
const SASHA: CurrentUser = {
  id: 'u-sasha',
  email: 'superadmin@stagedoor.test',
  name: 'Sasha Okafor',
  image: null,
  roles: ['superAdmin'],
}

/**
 * The server as the session sees it: one cookie jar shared by every tab of the browser, accounts,
 * and switches for an unreachable network and slow answers.
 */
class FakeServer {
  session: { userId: string } | null = null
  users = new Map<string, CurrentUser>([
    [MAYA.id, MAYA],
    [SASHA.id, SASHA],
  ])
  passwords = new Map([
    [MAYA.email, 'stagedoor-demo'],
    [SASHA.email, 'stagedoor-demo'],
  ])
  tokenLifetimeSeconds = 900
  /** The next this many calls fail as if the network were down. */
  failNext = 0
  /** Answer every call after this many milliseconds (on the fake clock). */
  latencyMs = 0
  calls: { name: string; at: number }[] = []

  private async answer<T>(name: string, result: () => T): Promise<T> {
    this.calls.push({ name, at: Date.now() })
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs))
    if (this.failNext > 0) {
      this.failNext--
      throw new AuthError('Request Failed', { code: 'NETWORK' })
    }
    return result()
  }

  count(name: string): number {
    return this.calls.filter((call) => call.name === name).length
  }

  transport(overrides: Partial<AuthTransport> = {}): AuthTransport {
    return {
      type: 'better-auth',
      getConfig: () => this.answer('getConfig', () => ({ providers: [], demo: null, passwordMinLength: 10 })),
      getSession: () => this.answer('getSession', () => this.session && { ...this.session }),
      getToken: () =>
        this.answer('getToken', () => {
          if (!this.session) throw new AuthError('No current session.', { code: 'NO_SESSION', status: 401 })
          return jwtFor(this.session.userId, this.tokenLifetimeSeconds)
        }),
      getCurrentUser: (token) =>
        this.answer('getCurrentUser', () => {
          const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
            sub: string
          }
          const user = this.users.get(payload.sub)
          if (!user)
            throw new AuthError('This account no longer exists.', { code: 'USER_DELETED', status: 401 })
          return user
        }),
      signIn: ({ email, password }) =>
        this.answer('signIn', () => {
          const user = [...this.users.values()].find((u) => u.email === email)
          if (!user || this.passwords.get(email) !== password) {
            throw new AuthError('Invalid email or password', {
              code: 'INVALID_EMAIL_OR_PASSWORD',
              status: 401,
            })
          }
          this.session = { userId: user.id }
        }),
      signUp: () => this.answer('signUp', () => undefined),
      signOut: () =>
        this.answer('signOut', () => {
          this.session = null
        }),
      forgotPassword: () => this.answer('forgotPassword', () => undefined),
      resetPassword: () => this.answer('resetPassword', () => undefined),
      updateUser: ({ name }) =>
        this.answer('updateUser', () => {
          const user = this.session && this.users.get(this.session.userId)
          if (user && name) this.users.set(user.id, { ...user, name })
        }),
      ...overrides,
    }
  }
}

/** BroadcastChannel between tabs in one test: delivered to every other tab, asynchronously. */
class FakeBus {
  private tabs = new Set<(message: SyncMessage) => void>()
  posted: SyncMessage[] = []

  connect(): TabSync {
    const own = new Set<(message: SyncMessage) => void>()
    return {
      post: (message) => {
        this.posted.push(message)
        for (const listener of this.tabs) {
          if (!own.has(listener)) queueMicrotask(() => listener(structuredClone(message)))
        }
      },
      subscribe: (listener) => {
        own.add(listener)
        this.tabs.add(listener)
        return () => {
          own.delete(listener)
          this.tabs.delete(listener)
        }
      },
      close: () => undefined,
    }
  }
}

class FakeVisibility {
  private listeners = new Set<() => void>()
  subscribe(onVisible: () => void) {
    this.listeners.add(onVisible)
    return () => this.listeners.delete(onVisible)
  }
  show() {
    for (const listener of this.listeners) listener()
  }
}

const flush = () => vi.advanceTimersByTimeAsync(0)

let server: FakeServer
let bus: FakeBus
const tabs: Auth[] = []

function openTab(
  options: {
    transport?: AuthTransport
    visibility?: FakeVisibility
    tabSync?: TabSync
    initial?: PageSession
  } = {},
) {
  const auth = createAuth({
    transport: options.transport ?? server.transport(),
    tabSync: options.tabSync ?? bus.connect(),
    visibility: options.visibility ?? null,
    initial: options.initial ?? null,
  })
  tabs.push(auth)
  const events: AuthEvent[] = []
  auth.onEvent((event) => events.push(event))
  return { auth, events }
}

beforeEach(() => {
  vi.useFakeTimers({ now: START })
  server = new FakeServer()
  bus = new FakeBus()
  tokenSerial = 0
})

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.dispose()
  vi.useRealTimers()
})

describe('restoring the session', () => {
  it('goes from loading to authenticated, with the user from currentUser and no event', async () => {
    server.session = { userId: SASHA.id }
    const { auth, events } = openTab()
    expect(auth.getState()).toEqual({ status: 'loading', user: null })
    await auth.start()
    expect(auth.getState()).toEqual({ status: 'authenticated', user: SASHA })
    expect(events).toEqual([])
    expect(server.calls.map((c) => c.name)).toEqual(['getSession', 'getToken', 'getCurrentUser'])
  })

  it('goes from loading to anonymous without asking for a token', async () => {
    const { auth, events } = openTab()
    await auth.start()
    expect(auth.getState()).toEqual({ status: 'anonymous', user: null })
    expect(await auth.getToken()).toBeNull()
    expect(server.count('getToken')).toBe(0)
    expect(events).toEqual([])
  })

  it('getToken waits for the session to be restored', async () => {
    server.session = { userId: MAYA.id }
    server.latencyMs = 50
    const { auth } = openTab()
    const token = auth.getToken()
    await vi.advanceTimersByTimeAsync(200)
    expect(await token).toMatch(/^ey/)
    expect(server.count('getToken')).toBe(1)
  })

  it('is anonymous, with the reason, when the current user cannot be fetched', async () => {
    server.session = { userId: MAYA.id }
    const { auth } = openTab({
      transport: server.transport({
        getCurrentUser: async () => {
          throw new AuthError('Could not fetch current user: Internal Server Error (500)', {
            code: 'CURRENT_USER',
            status: 500,
          })
        },
      }),
    })
    await auth.start()
    expect(auth.getState()).toEqual({
      status: 'anonymous',
      user: null,
      error: 'Could not fetch current user: Internal Server Error (500)',
    })
  })
})

describe('a page served with its session', () => {
  it("starts signed in with the page's user and token, asking the server nothing, with no event", async () => {
    server.session = { userId: MAYA.id }
    const token = jwtFor(MAYA.id, 900)
    const { auth, events } = openTab({ initial: { token, user: MAYA } })
    expect(auth.getState()).toEqual({ status: 'authenticated', user: MAYA })
    await auth.start()
    expect(await auth.getToken()).toBe(token)
    expect(server.calls).toEqual([])
    expect(events).toEqual([])
  })

  it("refreshes the page's token before it expires", async () => {
    server.session = { userId: MAYA.id }
    const { auth, events } = openTab({ initial: { token: jwtFor(MAYA.id, 60), user: MAYA } })
    await auth.start()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(server.count('getToken')).toBe(1)
    expect(events).toEqual(['TOKEN_REFRESHED'])
  })

  it("signs out when the server refuses the page's token and the session has ended", async () => {
    const { auth, events } = openTab({ initial: { token: jwtFor(MAYA.id, 900), user: MAYA } })
    await auth.start()
    auth.handleUnauthenticated()
    await flush()
    expect(auth.getState()).toEqual({ status: 'anonymous', user: null })
    expect(events).toEqual(['SIGNED_OUT'])
  })
})

describe('getToken', () => {
  it('reuses the stored token while at least 10 s are left, then fetches a new one', async () => {
    server.session = { userId: MAYA.id }
    server.tokenLifetimeSeconds = 60
    const { auth } = openTab()
    await auth.start()
    const first = await auth.getToken()
    expect(server.count('getToken')).toBe(1)

    await vi.advanceTimersByTimeAsync(49_999) // 10.001 s left: reused
    expect(await auth.getToken()).toBe(first)
    expect(server.count('getToken')).toBe(1)
    // 10 s left: the scheduled refresh fetches the next one.
    await vi.advanceTimersByTimeAsync(1)
    expect(server.count('getToken')).toBe(2)
    expect(await auth.getToken()).not.toBe(first)
  })

  it('fetches a new token on demand when the stored one has under 10 s left', async () => {
    server.session = { userId: MAYA.id }
    server.tokenLifetimeSeconds = 60
    const { auth } = openTab()
    await auth.start()
    const first = await auth.getToken()
    // Timers frozen (a sleeping laptop, say): the scheduled refresh has not run.
    vi.setSystemTime(START + 51_000)
    const second = await auth.getToken()
    expect(second).not.toBe(first)
    expect(server.count('getToken')).toBe(2)
  })

  it('shares one /api/auth/token answer for 5 s when the token cannot be reused', async () => {
    server.session = { userId: MAYA.id }
    server.tokenLifetimeSeconds = 8 // never 10 s left, so never reused
    const { auth } = openTab()
    await auth.start()
    const fetchesAfterStart = server.count('getToken')

    const [a, b] = await Promise.all([auth.getToken(), auth.getToken()])
    expect(a).toBe(b)
    expect(server.count('getToken')).toBe(fetchesAfterStart + 1)
    await vi.advanceTimersByTimeAsync(400) // before the 0.5 s refresh
    expect(await auth.getToken()).toBe(a)
    expect(server.count('getToken')).toBe(fetchesAfterStart + 1)
  })

  it('is null, and the tab signed out, when the session has ended on the server', async () => {
    server.session = { userId: MAYA.id }
    server.tokenLifetimeSeconds = 60
    const { auth, events } = openTab()
    await auth.start()
    server.session = null
    vi.setSystemTime(START + 55_000)
    expect(await auth.getToken()).toBeNull()
    expect(auth.getState().status).toBe('anonymous')
    expect(events).toEqual(['SIGNED_OUT'])
  })

  it('is null after signing out, without asking the server', async () => {
    server.session = { userId: MAYA.id }
    const { auth } = openTab()
    await auth.start()
    await auth.logout()
    const before = server.count('getToken')
    expect(await auth.getToken()).toBeNull()
    expect(server.count('getToken')).toBe(before)
  })
})

describe('scheduled refresh', () => {
  it('refreshes 10 s before expiry and tells listeners and other tabs', async () => {
    server.session = { userId: MAYA.id }
    const { auth, events } = openTab()
    await auth.start()
    const first = await auth.getToken()

    await vi.advanceTimersByTimeAsync(889_999)
    expect(server.count('getToken')).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.count('getToken')).toBe(2)
    expect(events).toEqual(['TOKEN_REFRESHED'])
    const second = await auth.getToken()
    expect(second).not.toBe(first)
    expect(bus.posted).toEqual([
      { type: 'session', userId: MAYA.id, token: second, expiresAt: START + 890_000 + 900_000 },
    ])
    // And again 10 s before the new token expires.
    await vi.advanceTimersByTimeAsync(890_000)
    expect(server.count('getToken')).toBe(3)
  })

  it('refreshes after 0.5 s when 10 s or less remain', async () => {
    server.session = { userId: MAYA.id }
    server.tokenLifetimeSeconds = 10
    const { auth } = openTab()
    await auth.start()
    await vi.advanceTimersByTimeAsync(499)
    expect(server.count('getToken')).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.count('getToken')).toBe(2)
  })

  it("signs out with 'No current session.' when the session has ended", async () => {
    server.session = { userId: MAYA.id }
    const { auth, events } = openTab()
    await auth.start()
    server.session = null // e.g. the password was changed on another device
    await vi.advanceTimersByTimeAsync(890_000)
    expect(auth.getState().status).toBe('anonymous')
    expect(events).toEqual(['SIGNED_OUT'])
    expect(bus.posted).toEqual([{ type: 'signed-out', reason: 'SIGNED_OUT' }])
    await expect(auth.refreshSession()).rejects.toThrow('Not logged in.')
  })

  it("reports 'No current session.' from a token refresh without a session", async () => {
    server.session = { userId: MAYA.id }
    const { auth } = openTab()
    await auth.start()
    server.session = null
    await expect(auth.refreshSession()).rejects.toThrow('No current session.')
    expect(auth.getState().status).toBe('anonymous')
  })
})

describe('network failures', () => {
  it('are retried after 100, 200, 400 ms …', async () => {
    server.session = { userId: MAYA.id }
    server.failNext = 3
    const { auth } = openTab()
    const started = auth.start()
    await vi.advanceTimersByTimeAsync(10_000)
    await started
    expect(auth.getState().status).toBe('authenticated')
    const sessionCalls = server.calls.filter((c) => c.name === 'getSession').map((c) => c.at - START)
    expect(sessionCalls).toEqual([0, 100, 300, 700])
  })

  it("give up after 10 attempts with 'Request Failed'", async () => {
    server.failNext = 100
    const { auth } = openTab()
    const started = auth.start()
    await vi.advanceTimersByTimeAsync(120_000)
    await started
    const times = server.calls.filter((c) => c.name === 'getSession').map((c) => c.at - START)
    expect(times).toEqual([0, 100, 300, 700, 1_500, 3_100, 6_300, 12_700, 25_500, 51_100])
    expect(auth.getState()).toEqual({ status: 'anonymous', user: null, error: 'Request Failed' })
  })

  it('keep a signed-in member signed in when a background re-check cannot reach the server', async () => {
    server.session = { userId: MAYA.id }
    const visibility = new FakeVisibility()
    const { auth, events } = openTab({ visibility })
    await auth.start()
    server.failNext = 100
    visibility.show()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(auth.getState()).toEqual({ status: 'authenticated', user: MAYA })
    expect(events).toEqual([])
  })

  it('are not retried when the server answered', async () => {
    const { auth } = openTab()
    await auth.start()
    await expect(auth.login({ email: MAYA.email, password: 'wrong-password' })).rejects.toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
    })
    expect(server.count('signIn')).toBe(1)
  })
})

describe('login, signup and logout', () => {
  it('login re-checks the auth state: SIGNED_IN, the user, and the other tabs told', async () => {
    const { auth, events } = openTab()
    await auth.start()
    const user = await auth.login({ email: SASHA.email, password: 'stagedoor-demo' })
    expect(user).toEqual(SASHA)
    expect(auth.getState()).toEqual({ status: 'authenticated', user: SASHA })
    expect(events).toEqual(['SIGNED_IN'])
    expect(bus.posted).toEqual([expect.objectContaining({ type: 'session', userId: SASHA.id })])
  })

  it('a wrong password changes nothing', async () => {
    const { auth, events } = openTab()
    await auth.start()
    await expect(auth.login({ email: MAYA.email, password: 'nope' })).rejects.toThrow(
      'Invalid email or password',
    )
    expect(auth.getState().status).toBe('anonymous')
    expect(events).toEqual([])
  })

  it('signup re-checks the auth state and stays anonymous until the email is confirmed', async () => {
    const signUp = vi.fn(async () => undefined)
    const { auth } = openTab({ transport: server.transport({ signUp }) })
    await auth.start()
    const checksBefore = server.count('getSession')
    await auth.signup({
      name: 'Nia',
      email: 'nia@stagedoor.test',
      password: 'long-password-1',
      redirectTo: '/profile',
    })
    expect(signUp).toHaveBeenCalledWith({
      name: 'Nia',
      email: 'nia@stagedoor.test',
      password: 'long-password-1',
      callbackURL: '/login/success?redirectTo=%2Fprofile',
    })
    expect(server.count('getSession')).toBe(checksBefore + 1)
    expect(auth.getState().status).toBe('anonymous')
  })

  it('logout revokes the session, clears the user and tells the other tabs', async () => {
    server.session = { userId: MAYA.id }
    const { auth, events } = openTab()
    await auth.start()
    await auth.logout()
    expect(server.session).toBeNull()
    expect(auth.getState()).toEqual({ status: 'anonymous', user: null })
    expect(events).toEqual(['SIGNED_OUT'])
    expect(bus.posted).toEqual([{ type: 'signed-out', reason: 'SIGNED_OUT' }])
  })

  it('logout clears the user here even when the server cannot be reached', async () => {
    server.session = { userId: MAYA.id }
    const { auth } = openTab()
    await auth.start()
    server.failNext = 100
    const out = auth.logout()
    const settled = expect(out).rejects.toThrow('Request Failed')
    await vi.advanceTimersByTimeAsync(60_000)
    await settled
    expect(auth.getState().status).toBe('anonymous')
  })

  it('an answer to a re-check started before logout does not sign the member back in', async () => {
    server.session = { userId: MAYA.id }
    const { auth } = openTab()
    await auth.start()
    server.latencyMs = 100
    const recheck = auth.refresh()
    await vi.advanceTimersByTimeAsync(10) // the re-check's getSession is in flight…
    server.latencyMs = 0
    await auth.logout() // …when the member signs out
    await vi.advanceTimersByTimeAsync(200)
    await recheck
    expect(auth.getState().status).toBe('anonymous')
  })

  it('a login as someone else is SIGNED_IN', async () => {
    server.session = { userId: MAYA.id }
    const { auth, events } = openTab()
    await auth.start()
    await auth.login({ email: SASHA.email, password: 'stagedoor-demo' })
    expect(auth.getState().user).toEqual(SASHA)
    expect(events).toEqual(['SIGNED_IN'])
  })
})

describe('deleted users', () => {
  it('a 401 "This account no longer exists." on currentUser is USER_DELETED', async () => {
    server.session = { userId: MAYA.id }
    const { auth, events } = openTab()
    await auth.start()
    server.users.delete(MAYA.id)
    auth.handleUnauthenticated()
    await flush()
    expect(auth.getState()).toEqual({ status: 'anonymous', user: null })
    expect(events).toEqual(['USER_DELETED'])
    expect(bus.posted).toEqual([{ type: 'signed-out', reason: 'USER_DELETED' }])
  })

  it('a 401 for a bad token fetches a new one: TOKEN_REFRESHED', async () => {
    server.session = { userId: MAYA.id }
    const { auth, events } = openTab()
    await auth.start()
    const first = await auth.getToken()
    auth.handleUnauthenticated()
    await flush()
    expect(events).toEqual(['TOKEN_REFRESHED'])
    expect(await auth.getToken()).not.toBe(first)
  })
})

describe('a kept token the server refuses', () => {
  it('is replaced by a fresh one on the next re-check', async () => {
    server.session = { userId: MAYA.id }
    const visibility = new FakeVisibility()
    let refused: string | null = null
    const transport = server.transport()
    const { auth, events } = openTab({
      visibility,
      transport: {
        ...transport,
        getCurrentUser: async (token) => {
          if (token === refused) {
            throw new AuthError('Could not fetch current user: Unauthorized (401)', {
              code: 'CURRENT_USER',
              status: 401,
            })
          }
          return transport.getCurrentUser(token)
        },
      },
    })
    await auth.start()
    refused = await auth.getToken()
    visibility.show()
    await flush()
    expect(auth.getState()).toEqual({ status: 'authenticated', user: MAYA })
    expect(events).toEqual(['TOKEN_REFRESHED'])
    expect(await auth.getToken()).not.toBe(refused)
  })
})

describe('visibility', () => {
  it('re-checks the session when the tab becomes visible', async () => {
    server.session = { userId: MAYA.id }
    const visibility = new FakeVisibility()
    const { auth, events } = openTab({ visibility })
    await auth.start()
    server.session = null // signed out in another browser, say
    visibility.show()
    await flush()
    expect(auth.getState().status).toBe('anonymous')
    expect(events).toEqual(['SIGNED_OUT'])
  })

  it('finds a sign-in that happened while the tab was hidden', async () => {
    const visibility = new FakeVisibility()
    const { auth, events } = openTab({
      visibility,
      tabSync: { post() {}, subscribe: () => () => {}, close() {} },
    })
    await auth.start()
    server.session = { userId: MAYA.id }
    visibility.show()
    await flush()
    expect(auth.getState()).toEqual({ status: 'authenticated', user: MAYA })
    expect(events).toEqual(['SIGNED_IN'])
  })
})

describe('other tabs', () => {
  it('mirror a sign-in as SIGNED_IN', async () => {
    const a = openTab()
    const b = openTab()
    await Promise.all([a.auth.start(), b.auth.start()])
    await a.auth.login({ email: MAYA.email, password: 'stagedoor-demo' })
    await flush()
    expect(b.auth.getState()).toEqual({ status: 'authenticated', user: MAYA })
    expect(b.events).toEqual(['SIGNED_IN'])
    // B only told A nothing: no echo.
    expect(bus.posted).toHaveLength(1)
  })

  it('mirror a sign-out as SIGNED_OUT', async () => {
    server.session = { userId: MAYA.id }
    const a = openTab()
    const b = openTab()
    await Promise.all([a.auth.start(), b.auth.start()])
    await a.auth.logout()
    await flush()
    expect(b.auth.getState()).toEqual({ status: 'anonymous', user: null })
    expect(b.events).toEqual(['SIGNED_OUT'])
    expect(await b.auth.getToken()).toBeNull()
  })

  it('mirror a changed token as TOKEN_REFRESHED and use it', async () => {
    server.session = { userId: MAYA.id }
    const a = openTab()
    await a.auth.start()
    await vi.advanceTimersByTimeAsync(1_000)
    const b = openTab()
    await b.auth.start()
    // A's refresh comes first (it started first); B takes A's newer token.
    await vi.advanceTimersByTimeAsync(889_000)
    expect(a.events).toEqual(['TOKEN_REFRESHED'])
    expect(b.events).toEqual(['TOKEN_REFRESHED'])
    const fetches = server.count('getToken')
    expect(await b.auth.getToken()).toBe(await a.auth.getToken())
    expect(server.count('getToken')).toBe(fetches)
  })

  it('mirror a user deletion', async () => {
    server.session = { userId: MAYA.id }
    const a = openTab()
    const b = openTab()
    await Promise.all([a.auth.start(), b.auth.start()])
    server.users.delete(MAYA.id)
    a.auth.handleUnauthenticated()
    await flush()
    expect(b.events).toEqual(['USER_DELETED'])
  })

  it('with the storage fallback, a changed token makes this tab fetch its own', async () => {
    server.session = { userId: MAYA.id }
    const storageEvents = new EventTarget()
    const sync = createTabSync({ storage: fakeStorage(), events: storageEvents })
    const { auth, events } = openTab({ tabSync: sync ?? undefined })
    await auth.start()
    const before = server.count('getToken')
    storageEvents.dispatchEvent(
      storageEvent(AUTH_STORAGE_KEY, JSON.stringify({ type: 'session', userId: MAYA.id, expiresAt: 1 })),
    )
    await flush()
    expect(server.count('getToken')).toBe(before + 1)
    expect(events).toEqual(['TOKEN_REFRESHED'])
    storageEvents.dispatchEvent(storageEvent(AUTH_STORAGE_KEY, null))
    await flush()
    expect(events).toEqual(['TOKEN_REFRESHED', 'SIGNED_OUT'])
  })
})

describe('spec messages', () => {
  it("'Your client {type} is not supported'", () => {
    expect(() => createAuthTransport('firebase')).toThrow('Your client firebase is not supported')
    expect(createAuthTransport('better-auth').type).toBe('better-auth')
  })

  it("'Auth client {type} does not implement this function' for password-reset calls", async () => {
    const minimal: AuthTransport = { ...server.transport(), type: 'minimal' }
    delete minimal.forgotPassword
    delete minimal.resetPassword
    const { auth } = openTab({ transport: minimal })
    await expect(auth.forgotPassword('a@b.test')).rejects.toThrow(
      'Auth client minimal does not implement this function',
    )
    await expect(auth.resetPassword({ token: 't', newPassword: 'p' })).rejects.toThrow(
      'Auth client minimal does not implement this function',
    )
  })

  it("'Not logged in.' from refresh or update without a session", async () => {
    const { auth } = openTab()
    await auth.start()
    await expect(auth.refreshSession()).rejects.toThrow('Not logged in.')
    await expect(auth.updateUser({ name: 'X' })).rejects.toThrow('Not logged in.')
    await expect(auth.changePassword({ currentPassword: 'a', newPassword: 'b' })).rejects.toThrow(
      'Not logged in.',
    )
  })

  it('updateUser re-fetches the user', async () => {
    server.session = { userId: MAYA.id }
    const { auth } = openTab()
    await auth.start()
    expect((await auth.updateUser({ name: 'Maya P.' })).name).toBe('Maya P.')
    expect(auth.getState().user?.name).toBe('Maya P.')
  })
})

describe('signInSuccessPath', () => {
  it.each([
    [undefined, '/login/success'],
    ['/', '/login/success'],
    ['/applications?tab=2', '/login/success?redirectTo=%2Fapplications%3Ftab%3D2'],
    ['https://evil.example', '/login/success'],
    ['//evil', '/login/success'],
  ])('%s → %s', (redirectTo, expected) => {
    expect(signInSuccessPath(redirectTo)).toBe(expected)
  })
})

describe('bindGraphQLConnection', () => {
  it('restarts the socket on every event and starts a fresh cache when the identity changes', async () => {
    const connection = { restartSocket: vi.fn(), resetCache: vi.fn() }
    const { auth } = openTab()
    const unbind = bindGraphQLConnection(auth, connection)
    await auth.start()
    await auth.login({ email: MAYA.email, password: 'stagedoor-demo' })
    expect(connection.restartSocket).toHaveBeenCalledTimes(1)
    expect(connection.resetCache).toHaveBeenCalledTimes(1)
    await auth.refreshSession()
    expect(connection.restartSocket).toHaveBeenCalledTimes(2)
    expect(connection.resetCache).toHaveBeenCalledTimes(1)
    await auth.logout()
    expect(connection.restartSocket).toHaveBeenCalledTimes(3)
    expect(connection.resetCache).toHaveBeenCalledTimes(2)
    unbind()
  })
})

function fakeStorage(): Pick<Storage, 'setItem' | 'removeItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

function storageEvent(key: string | null, newValue: string | null): Event {
  return Object.assign(new Event('storage'), { key, newValue })
}

describe('createTabSync', () => {
  it('uses BroadcastChannel between tabs', async () => {
    vi.useRealTimers()
    const a = createTabSync({ BroadcastChannel })!
    const b = createTabSync({ BroadcastChannel })!
    const received: SyncMessage[] = []
    let arrived = () => {}
    const delivered = new Promise<void>((resolve) => (arrived = resolve))
    const stop = b.subscribe((message) => {
      received.push(message)
      arrived()
    })
    a.post({ type: 'signed-out', reason: 'SIGNED_OUT' })
    await delivered
    expect(received).toEqual([{ type: 'signed-out', reason: 'SIGNED_OUT' }])
    stop()
    a.close()
    b.close()
  })

  it('falls back to a storage marker that never holds the token', () => {
    const storage = fakeStorage()
    const events = new EventTarget()
    const sync = createTabSync({ storage, events })!
    sync.post({ type: 'session', userId: 'u1', token: 'secret-jwt', expiresAt: 5 })
    expect(JSON.parse(storage.data.get(AUTH_STORAGE_KEY)!)).toEqual({
      type: 'session',
      userId: 'u1',
      expiresAt: 5,
    })
    expect(storage.data.get(AUTH_STORAGE_KEY)).not.toContain('secret-jwt')
    sync.post({ type: 'signed-out', reason: 'SIGNED_OUT' })
    expect(storage.data.has(AUTH_STORAGE_KEY)).toBe(false)

    const received: SyncMessage[] = []
    sync.subscribe((message) => received.push(message))
    events.dispatchEvent(storageEvent('something-else', 'x'))
    events.dispatchEvent(storageEvent(AUTH_STORAGE_KEY, '{not json'))
    events.dispatchEvent(storageEvent(AUTH_STORAGE_KEY, JSON.stringify({ type: 'session', userId: 7 })))
    events.dispatchEvent(storageEvent(AUTH_STORAGE_KEY, JSON.stringify({ type: 'session', userId: 'u2' })))
    events.dispatchEvent(storageEvent(AUTH_STORAGE_KEY, null))
    expect(received).toEqual([
      { type: 'session', userId: 'u2' },
      { type: 'signed-out', reason: 'SIGNED_OUT' },
    ])
  })

  it('is null with neither', () => {
    expect(createTabSync({})).toBeNull()
  })
})

describe('betterAuthTransport', () => {
  interface Sent {
    url: string
    method: string
    body: unknown
    headers: Headers
  }

  function recording(answer: (url: string) => Response | Promise<Response>) {
    const sent: Sent[] = []
    const fetchFn: typeof fetch = async (input, init) => {
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: new Headers(init?.headers),
      })
      return answer(String(input))
    }
    return { sent, fetchFn }
  }

  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    })

  it('speaks better-auth: paths, methods and bodies', async () => {
    const { sent, fetchFn } = recording((url) =>
      url.endsWith('/get-session')
        ? json({ session: {}, user: { id: 'u1' } })
        : url.endsWith('/token')
          ? json({ token: 'jwt' })
          : url.includes('/sign-in/social')
            ? json({ url: 'https://accounts.example/authorize' })
            : json({ status: true }),
    )
    const t = betterAuthTransport({ fetch: fetchFn })
    expect(await t.getSession()).toEqual({ userId: 'u1' })
    expect(await t.getToken()).toBe('jwt')
    await t.signIn({ email: 'a@b.test', password: 'pw' })
    await t.signOut()
    await t.requestMagicLink!({ email: 'a@b.test', callbackURL: '/x' })
    await t.consumeMagicLink!('magic')
    await t.forgotPassword!({ email: 'a@b.test', redirectTo: '/reset-password' })
    await t.resetPassword!({ token: 'r', newPassword: 'n' })
    expect(
      await t.providerSignInUrl!({
        provider: { id: 'google', name: 'Google', type: 'social' },
        callbackURL: '/login/success',
        errorCallbackURL: '/login/success?error=provider',
      }),
    ).toBe('https://accounts.example/authorize')
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ['GET', '/api/auth/get-session', undefined],
      ['GET', '/api/auth/token', undefined],
      ['POST', '/api/auth/sign-in/email', { email: 'a@b.test', password: 'pw' }],
      ['POST', '/api/auth/sign-out', {}],
      ['POST', '/api/auth/sign-in/magic-link', { email: 'a@b.test', callbackURL: '/x' }],
      ['POST', '/api/auth/magic-link/consume', { token: 'magic' }],
      ['POST', '/api/auth/request-password-reset', { email: 'a@b.test', redirectTo: '/reset-password' }],
      ['POST', '/api/auth/reset-password', { token: 'r', newPassword: 'n' }],
      [
        'POST',
        '/api/auth/sign-in/social',
        {
          provider: 'google',
          callbackURL: '/login/success',
          errorCallbackURL: '/login/success?error=provider',
        },
      ],
    ])
    expect(sent[2]?.headers.get('content-type')).toBe('application/json')
  })

  it('signs in with the OIDC provider through the social endpoint', async () => {
    const { sent, fetchFn } = recording(() => json({ url: 'https://sso.example/auth' }))
    const t = betterAuthTransport({ fetch: fetchFn })
    await t.providerSignInUrl!({
      provider: { id: 'oidc', name: 'University sign-in', type: 'oidc' },
      callbackURL: '/login/success',
      errorCallbackURL: '/login/success?error=provider',
    })
    expect(sent[0]?.url).toBe('/api/auth/sign-in/social')
    expect(sent[0]?.body).toMatchObject({ provider: 'oidc' })
  })

  it('maps answers to errors', async () => {
    const t = (response: Response) => betterAuthTransport({ fetch: async () => response })
    await expect(t(json(null)).getSession()).resolves.toBeNull()
    await expect(
      t(json({ message: 'Unauthorized', code: 'UNAUTHORIZED' }, 401)).getToken(),
    ).rejects.toMatchObject({
      message: 'No current session.',
      code: 'NO_SESSION',
    })
    await expect(
      t(json({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }, 401)).signIn({
        email: 'a',
        password: 'b',
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
      status: 401,
    })
    await expect(
      t(json({ code: 'RATE_LIMITED', message: 'Too many', retryAfterSeconds: 42 }, 429)).signIn({
        email: 'a',
        password: 'b',
      }),
    ).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 42 seconds.',
      retryAfterSeconds: 42,
    })
    await expect(
      t(new Response('slow down', { status: 429, headers: { 'retry-after': '7' } })).signIn({
        email: 'a',
        password: 'b',
      }),
    ).rejects.toMatchObject({ message: 'Too many attempts. Try again in 7 seconds.' })
    await expect(
      t(json({ error: { code: 'VALIDATION', message: 'A sign-in token is required.' } }, 400))
        .consumeMagicLink!(''),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: 'A sign-in token is required.' })
    await expect(
      t(new Response('<html>', { status: 502, statusText: 'Bad Gateway' })).signOut(),
    ).rejects.toMatchObject({ message: 'Bad Gateway (502)', code: 'HTTP_502' })
  })

  it("reports 'Request Failed' when there is no response", async () => {
    const t = betterAuthTransport({
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await expect(t.getSession()).rejects.toMatchObject({ message: 'Request Failed', code: 'NETWORK' })
  })
})

describe('fetchCurrentUser', () => {
  const answer =
    (body: unknown, status = 200, statusText = '') =>
    async () =>
      new Response(JSON.stringify(body), {
        status,
        statusText,
        headers: { 'content-type': 'application/json' },
      })

  it('POSTs the query with the bearer token and auth provider', async () => {
    let sent: { headers: Headers; body: { operationName: string; query: string } } | undefined
    const user = await fetchCurrentUser(async (_url, init) => {
      sent = { headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) }
      return new Response(
        JSON.stringify({
          data: { currentUser: { id: 'u1', email: 'e', name: 'N', image: null, roles: 'superAdmin' } },
        }),
      )
    }, 'tok')
    expect(sent?.headers.get('authorization')).toBe('Bearer tok')
    expect(sent?.headers.get('auth-provider')).toBe('better-auth')
    expect(sent?.body.operationName).toBe('CurrentUser')
    expect(sent?.body.query).toContain('currentUser { id email name image roles }')
    // A single role as a string becomes a list.
    expect(user).toEqual({ id: 'u1', email: 'e', name: 'N', image: null, roles: ['superAdmin'] })
  })

  it("'Could not fetch current user: {statusText} ({status})'", async () => {
    await expect(fetchCurrentUser(answer({}, 500, 'Internal Server Error'), 't')).rejects.toThrow(
      'Could not fetch current user: Internal Server Error (500)',
    )
    await expect(
      fetchCurrentUser(
        answer(
          { data: null, errors: [{ message: 'Your access token is invalid or expired.' }] },
          401,
          'Unauthorized',
        ),
        't',
      ),
    ).rejects.toMatchObject({ message: 'Could not fetch current user: Unauthorized (401)', status: 401 })
  })

  it('USER_DELETED for a deleted account', async () => {
    await expect(
      fetchCurrentUser(
        answer({ data: null, errors: [{ message: 'This account no longer exists.' }] }, 401),
        't',
      ),
    ).rejects.toMatchObject({ code: 'USER_DELETED' })
  })

  it('null when nobody is signed in', async () => {
    expect(await fetchCurrentUser(answer({ data: { currentUser: null } }), 't')).toBeNull()
  })
})
