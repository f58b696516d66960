import { AUTH_PROVIDER, authHeaders, GRAPHQL_PATH } from '../graphql.ts'

// The auth transport: the HTTP calls to /api/auth (cookie session) and to GraphQL for the current
// user, one implementation per server type (the spec's "auth client types"). No timers, no state.

/** The signed-in user as `currentUser` returns it. */
export interface CurrentUser {
  id: string
  email: string
  name: string
  image: string | null
  roles: string[]
}

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

export const networkError = () => new AuthError(AUTH_MESSAGES.requestFailed, { code: 'NETWORK' })
export const noSessionError = () =>
  new AuthError(AUTH_MESSAGES.noCurrentSession, { code: 'NO_SESSION', status: 401 })
export const notLoggedInError = () => new AuthError(AUTH_MESSAGES.notLoggedIn, { code: 'NOT_LOGGED_IN' })

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
  /** The local inbox (`/dev/mail`) when mail is delivered there instead of sent (outside production). */
  devMailbox?: string | null
  /** Where members write when something goes wrong (SUPPORT_EMAIL); the fatal-error page shows it. */
  supportEmail?: string | null
  /** The society's time zone (IANA name): dates are shown in it. */
  timeZone?: string
  /** Whether signing in by text is offered (SMS_URL set, or the local text inbox). */
  phoneSignIn?: boolean
  /** The local text inbox (`/dev/sms`) when texts land there instead of being sent. */
  devSmsInbox?: string | null
  /** SOCIETY_COUNTRY: numbers typed without +code are read as from it. */
  societyCountry?: string
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
  updateUser?(input: { name?: string; image?: string | null; phoneNumber?: null }): Promise<void>
  /** Text a 6-digit code to the number; `link` when a signed-in member adds it to their account. */
  sendPhoneCode?(input: { phoneNumber: string; link?: boolean }): Promise<void>
  /** Check the code: signs in (or up), or with `link` puts the number on the signed-in account. */
  verifyPhoneCode?(input: { phoneNumber: string; code: string; link?: boolean }): Promise<void>
  /** The signed-in member's verified phone number (E.164), or null. */
  getPhoneNumber?(): Promise<string | null>
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
    errors?: { message?: unknown; extensions?: { code?: unknown } }[]
  } | null
  const firstError = body?.errors?.[0]?.message
  if (
    response.status === 401 &&
    (firstError === USER_DELETED_MESSAGE || body?.errors?.[0]?.extensions?.code === 'USER_DELETED')
  ) {
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
    sendPhoneCode: ({ phoneNumber, link }) =>
      call('/api/auth/phone-number/send-otp', { phoneNumber, ...(link ? { link: true } : {}) }).then(done),
    verifyPhoneCode: ({ phoneNumber, code, link }) =>
      call('/api/auth/phone-number/verify', {
        phoneNumber,
        code,
        ...(link ? { updatePhoneNumber: true } : {}),
      }).then(done),
    async getPhoneNumber() {
      const session = await call<{ user?: { phoneNumber?: unknown } } | null>('/api/auth/get-session')
      const phone = session?.user?.phoneNumber
      return typeof phone === 'string' && phone ? phone : null
    },
  }
}
