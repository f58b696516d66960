import { createHmac, timingSafeEqual } from 'node:crypto'

/** Default lifetime of a file link. */
export const SIGNED_URL_TTL_SECONDS = 15 * 60
export const FILES_PATH = '/api/files'

// NOTE: AUTH_SECRET signs other things too; a fixed label keeps a file signature from ever being
// valid as anything else, and the newline keeps key and expiry from running into each other.
function signature(key: string, exp: number, secret: string): string {
  return createHmac('sha256', secret).update(`stagedoor-file-url:v1\n${key}\n${exp}`).digest('base64url')
}

/** `uploads/a b.png` → `uploads/a%20b.png`: each segment encoded, slashes kept. */
export function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/')
}

/**
 * A short-lived link to a stored file: `/api/files/<key>?exp=<unix seconds>&sig=<HMAC-SHA256>`.
 * Anyone holding it can read the file until it expires, so hand it only to whoever may see the file.
 */
export function signFileUrl(
  key: string,
  secret: string,
  ttlSeconds = SIGNED_URL_TTL_SECONDS,
  now = Date.now(),
): string {
  const exp = Math.floor(now / 1000) + Math.floor(ttlSeconds)
  return `${FILES_PATH}/${encodeKeyPath(key)}?exp=${exp}&sig=${signature(key, exp, secret)}`
}

export type SignatureCheck =
  { ok: true; expiresAt: Date } | { ok: false; reason: 'missing' | 'invalid' | 'expired' }

/** Check a link's `exp` and `sig` query values for `key`, in constant time. */
export function verifyFileSignature(input: {
  key: string
  exp: unknown
  sig: unknown
  secret: string
  now?: number
}): SignatureCheck {
  const { key, exp, sig, secret } = input
  if (typeof exp !== 'string' || typeof sig !== 'string' || !exp || !sig)
    return { ok: false, reason: 'missing' }
  if (!/^\d{1,12}$/.test(exp)) return { ok: false, reason: 'invalid' }
  const expected = Buffer.from(signature(key, Number(exp), secret))
  const given = Buffer.from(sig)
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' }
  const expiresAt = new Date(Number(exp) * 1000)
  if ((input.now ?? Date.now()) >= expiresAt.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, expiresAt }
}
