import { createHmac } from 'node:crypto'
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { CHALLENGE_TTL_MS } from '#core/mailing-lists/mailing-list.ts'
import type { RequestContext } from '#server/context.ts'
import { consumeRateLimit } from '#server/auth/rate-limit.ts'

const ALGORITHM = 'PBKDF2/SHA-256'
/** PBKDF2 iterations per key the browser derives. */
const COST = 1000

function secrets(authSecret: string) {
  const derive = (label: string) => createHmac('sha256', authSecret).update(label).digest('hex')
  return { signature: derive('mailing-lists:altcha'), key: derive('mailing-lists:altcha-key') }
}

/**
 * A self-hosted proof-of-work challenge (altcha-lib v2) for the signup widget. The moment it was
 * issued is signed into its data: the form's minimum fill time is measured from it.
 */
export async function issueChallenge(ctx: RequestContext): Promise<Challenge> {
  const { authSecret, mailing } = ctx.services.config
  const s = secrets(authSecret)
  const now = ctx.now().getTime()
  const max = mailing.powMaxCounter
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(Math.floor(max / 2), max),
    deriveKey,
    data: { issuedAt: now },
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    hmacSignatureSecret: s.signature,
    hmacKeySignatureSecret: s.key,
  })
}

export type ChallengeCheck =
  { ok: true; issuedAt: number; signature: string } | { ok: false; reason: 'missing' | 'invalid' | 'reused' }

/**
 * Check a widget's payload (base64 JSON `{ challenge, solution }`): signed by us, not expired and
 * solved. `spendChallenge` then makes it count once.
 */
export async function checkChallenge(ctx: RequestContext, payload: string): Promise<ChallengeCheck> {
  if (!payload) return { ok: false, reason: 'missing' }
  let parsed: { challenge?: Challenge; solution?: Solution }
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof parsed
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  const { challenge, solution } = parsed
  if (!challenge?.parameters || !challenge.signature || !solution) return { ok: false, reason: 'invalid' }
  const s = secrets(ctx.services.config.authSecret)
  let verified = false
  try {
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: s.signature,
      hmacKeySignatureSecret: s.key,
    })
    verified = result.verified
  } catch {
    verified = false
  }
  if (!verified) return { ok: false, reason: 'invalid' }
  const issuedAt = Number(challenge.parameters.data?.issuedAt)
  if (!Number.isFinite(issuedAt)) return { ok: false, reason: 'invalid' }
  return { ok: true, issuedAt, signature: challenge.signature }
}

/** A solved challenge counts once (its signature is kept in the shared rate-limit table). */
export async function spendChallenge(ctx: RequestContext, signature: string): Promise<boolean> {
  const once = await consumeRateLimit(
    ctx.services.db,
    `mailing:altcha:${signature}`,
    { window: Math.ceil(CHALLENGE_TTL_MS / 1000), max: 1 },
    ctx.now().getTime(),
  )
  return once.allowed
}
