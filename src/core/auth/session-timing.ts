/**
 * The timing rules of the client's session handling (spec §4 and §9, PRODUCT.md §4), as pure
 * functions so they are tested once, table-driven, apart from timers and the network.
 */

/** `getToken` shares one `/api/auth/token` answer for this long (spec §9: auth token cache 5 s). */
export const TOKEN_CACHE_MS = 5_000
/** A token is refreshed this long before it expires (spec §9: token refresh margin 10 s)… */
export const REFRESH_MARGIN_MS = 10_000
/** …or after this short delay when no more than the margin is left. */
export const SHORT_REFRESH_DELAY_MS = 500
/** A stored token is reused only with at least this much of its lifetime left. */
export const MIN_TOKEN_REUSE_MS = 10_000
/** Network failures are retried after 100 ms × 2^attempt… */
export const RETRY_BASE_MS = 100
/** …for at most this many attempts in all (spec §9: retry limit 10). */
export const MAX_ATTEMPTS = 10

/** Milliseconds from `now` until a token expiring at `expiresAt` should be refreshed. */
export function refreshDelayMs(expiresAt: number, now: number): number {
  const remaining = expiresAt - now
  return remaining <= REFRESH_MARGIN_MS ? SHORT_REFRESH_DELAY_MS : remaining - REFRESH_MARGIN_MS
}

/** May a stored token still be handed out, or must a fresh one be fetched? */
export function canReuseToken(expiresAt: number, now: number): boolean {
  return expiresAt - now >= MIN_TOKEN_REUSE_MS
}

/** Is a token answer fetched at `fetchedAt` still within the 5 s cache? */
export function isTokenCacheFresh(fetchedAt: number, now: number): boolean {
  return now - fetchedAt < TOKEN_CACHE_MS
}

/**
 * The wait after a failed attempt (0 for the first) before the next one: 100, 200, 400 … ms.
 * After attempt MAX_ATTEMPTS - 1 there is no next one.
 */
export function retryDelayMs(failedAttempt: number): number {
  return RETRY_BASE_MS * 2 ** failedAttempt
}

/** The payload of a JWT, or null when it is not one. The signature is the server's business. */
export function decodeJwtPayload(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1]
  if (!part) return null
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/')
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0))
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/**
 * When a token received at `receivedAt` (this device's clock) expires, on this device's clock; null
 * when it carries no expiry. NOTE: the lifetime is `exp - iat`, counted from receipt, so a device
 * whose clock is off by minutes still refreshes on time.
 */
export function tokenExpiresAt(jwt: string, receivedAt: number): number | null {
  const payload = decodeJwtPayload(jwt)
  const exp = payload?.exp
  const iat = payload?.iat
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null
  if (typeof iat === 'number' && Number.isFinite(iat) && iat <= exp) return receivedAt + (exp - iat) * 1000
  return exp * 1000
}
