import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { rateLimits } from '#server/db/schema/index.ts'

export interface RateRule {
  /** Seconds. */
  window: number
  max: number
}

/**
 * Per-IP limits, enforced by better-auth (stored in `rate_limits`, so every process shares them).
 * Paths are better-auth's, relative to /api/auth.
 */
export const IP_RULES: Record<string, RateRule> = {
  '/sign-in/email': { window: 60, max: 20 },
  '/sign-up/email': { window: 600, max: 10 },
  '/request-password-reset': { window: 600, max: 10 },
  '/reset-password': { window: 600, max: 20 },
  '/sign-in/magic-link': { window: 600, max: 10 },
  '/magic-link/verify': { window: 600, max: 30 },
}

/**
 * Per-account limits, keyed on the email address in the request body. Sign-in is keyed on the
 * account AND the caller's address (`accountIpKey`): wrong passwords from elsewhere cannot lock a
 * member out (issue 17, finding 4); across addresses the account is slowed down instead
 * (`SIGN_IN_SLOWDOWN`).
 */
export const EMAIL_RULES: Record<string, RateRule> = {
  '/sign-in/email': { window: 900, max: 10 },
  '/sign-up/email': { window: 3600, max: 3 },
  '/request-password-reset': { window: 3600, max: 3 },
  '/sign-in/magic-link': { window: 600, max: 3 },
}

/**
 * Count one request against `key` in a fixed window, atomically (one upsert), and say whether it is
 * allowed and, if not, in how many seconds it will be.
 */
export async function consumeRateLimit(
  db: Db | Tx,
  key: string,
  rule: RateRule,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number; count: number }> {
  const windowMs = rule.window * 1000
  const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        // The row's lastRequest is the start of its window.
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest })
  const count = row?.count ?? 1
  const windowStart = Number(row?.lastRequest ?? now)
  return {
    allowed: count <= rule.max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  }
}

export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`)
}

export function emailKey(path: string, email: string): string {
  return `email:${path}:${email.trim().toLowerCase()}`
}

/** The (account, address) key of sign-in attempts. */
export function accountIpKey(path: string, email: string, ip: string): string {
  return `${emailKey(path, email)}|ip:${ip}`
}

/**
 * Failed sign-ins to one account from anywhere within `window` seconds slow each further attempt
 * down: none for the first `free`, then `stepMs` more per attempt up to `maxMs`. It never refuses,
 * so the owner signing in from their own address gets in, a little later.
 */
export const SIGN_IN_SLOWDOWN = { window: 900, free: 5, stepMs: 100, maxMs: 2000 }

export function slowDownMs(attempts: number, rule = SIGN_IN_SLOWDOWN): number {
  return Math.min(Math.max(0, attempts - rule.free) * rule.stepMs, rule.maxMs)
}
