import { eq } from 'drizzle-orm'
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose'
import { rolesOf, type Role } from '#core/auth/roles.ts'
import { AppError } from '#core/errors.ts'
import type { Db } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import type { Auth } from './auth.ts'
import { SESSION_CACHE_MS, type SessionCheck } from './session-check.ts'

/** Who is making a request, as every resolver and route sees it. */
export interface Viewer {
  id: string
  email: string
  name: string
  image: string | null
  roles: Role[]
}

export type TokenCheck =
  | { ok: true; viewer: Viewer; sessionId: string }
  | { ok: false; reason: 'invalid' | 'unknown-user' | 'session-ended' }

const JWKS_CACHE_MS = 5 * 60_000
const MAX_CACHED_VIEWERS = 50_000
const MAX_VERIFIED_TOKENS = 20_000

/**
 * Resolves viewers from access tokens (JWT, verified against the auth server's keys, cached) or the
 * session cookie. The token's session must still exist (session-check.ts), so a token stops working
 * at once on sign-out, password change or account deletion.
 *
 * The user behind a request is read once and kept (issue 16, decision 0027) — never stale: an entry
 * goes when `USER_CHANGED` is heard for that user (roles, sessions, deletion, profile; from any
 * process), on `forget` (this process's commits and better-auth's own user updates call it), and
 * after `SESSION_CACHE_MS` in case a notification was ever missed.
 */
export function createViewerResolver(deps: {
  auth: Auth
  db: Db
  issuer: string
  sessions: SessionCheck
  clock?: () => number
}) {
  const { auth, db, issuer, sessions } = deps
  const clock = deps.clock ?? (() => Date.now())
  let keySet: { jwks: ReturnType<typeof createLocalJWKSet>; loadedAt: number } | undefined
  const known = new Map<string, { viewer: Viewer; until: number }>()
  // Bumped by every forget: a read that started before it is not kept.
  let generation = 0
  const forget = (userId?: string) => {
    generation++
    if (userId === undefined) known.clear()
    else known.delete(userId)
  }
  sessions.onUserChanged((change) => forget(change.userId))

  async function loadKeys(force = false) {
    if (!force && keySet && Date.now() - keySet.loadedAt < JWKS_CACHE_MS) return keySet.jwks
    const jwks = (await auth.api.getJwks()) as JSONWebKeySet
    keySet = { jwks: createLocalJWKSet(jwks), loadedAt: Date.now() }
    return keySet.jwks
  }

  async function verifySignature(token: string) {
    const options = { issuer, audience: issuer }
    try {
      return (await jwtVerify(token, await loadKeys(), options)).payload
    } catch (error) {
      // A key rotated since the cache was filled: reload once.
      if ((error as { code?: string }).code === 'ERR_JWKS_NO_MATCHING_KEY') {
        return (await jwtVerify(token, await loadKeys(true), options)).payload
      }
      throw error
    }
  }

  // Checking a signature was about 40 % of a signed-in request's CPU (decision 0027): a token that
  // verified is trusted again, as is, until it expires or the keys are read again (5 minutes), so a
  // key taken out of the set stops its tokens within that time, as before. Only what the signature
  // proves is kept; the session and the user are checked on every request as before.
  const verified = new Map<string, { sub: string | undefined; sid: unknown; until: number }>()
  async function verify(token: string) {
    const now = clock()
    const kept = verified.get(token)
    if (kept && kept.until > now) return kept
    const payload = await verifySignature(token)
    const expires = typeof payload.exp === 'number' ? payload.exp * 1000 : now
    const entry = { sub: payload.sub, sid: payload.sid, until: Math.min(expires, now + JWKS_CACHE_MS) }
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear()
    verified.set(token, entry)
    return entry
  }

  async function viewerById(id: string): Promise<Viewer | null> {
    const now = clock()
    const cached = known.get(id)
    if (cached && cached.until > now) return cached.viewer
    const started = generation
    const row = await db.query.users.findFirst({ where: eq(users.id, id) })
    if (!row) {
      known.delete(id)
      return null
    }
    // Shared by every request of this user while kept: frozen so no caller can change it for the others.
    const viewer: Viewer = Object.freeze({
      id: row.id,
      email: row.email,
      name: row.name,
      image: row.image,
      roles: Object.freeze(rolesOf(row)) as Role[],
    })
    if (started === generation) {
      if (known.size >= MAX_CACHED_VIEWERS) known.clear()
      known.set(id, { viewer, until: now + SESSION_CACHE_MS })
    }
    return viewer
  }

  return {
    viewerById,
    /** Drop what is kept of one user, or of everyone, now. */
    forget,
    /** Check a bearer access token. */
    async fromToken(token: string): Promise<TokenCheck> {
      let sub: string | undefined
      let sid: unknown
      try {
        ;({ sub, sid } = await verify(token))
      } catch {
        return { ok: false, reason: 'invalid' }
      }
      // Tokens from before tokens named their session are refused too: the client fetches a new one.
      if (!sub || typeof sid !== 'string') return { ok: false, reason: 'invalid' }
      const live = await sessions.isLive(sid, sub)
      const viewer = await viewerById(sub)
      if (!viewer) return { ok: false, reason: 'unknown-user' }
      if (!live) return { ok: false, reason: 'session-ended' }
      return { ok: true, viewer, sessionId: sid }
    },
    /** The viewer of a session cookie, or null. */
    async fromSessionHeaders(headers: Headers): Promise<Viewer | null> {
      const session = await auth.api.getSession({ headers })
      if (!session) return null
      return viewerById(session.user.id)
    },
  }
}

export type ViewerResolver = ReturnType<typeof createViewerResolver>

/**
 * The viewer of a REST request signed with an access token, or the AppError to answer with: 401
 * USER_DELETED for a deleted account's token, 401 UNAUTHENTICATED (saying `missing` when there is
 * no token) for anything else.
 */
export async function requireTokenViewer(
  viewers: ViewerResolver,
  token: string | undefined,
  missing: string,
): Promise<Viewer> {
  if (!token) throw new AppError('UNAUTHENTICATED', missing)
  const check = await viewers.fromToken(token)
  if (check.ok) return check.viewer
  if (check.reason === 'unknown-user') throw new AppError('USER_DELETED', 'This account no longer exists.')
  throw new AppError('UNAUTHENTICATED', 'Your sign-in has expired or is not valid. Sign in again.')
}
