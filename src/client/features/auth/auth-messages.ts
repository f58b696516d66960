import { AUTH_MESSAGES, AuthError } from '#client/lib/auth.ts'

/** What to say when something went wrong that we did not foresee. */
export const GENERIC_ERROR = 'Something went wrong. Please try again in a moment.'

/**
 * One sentence for a failed auth call, for the form's error summary. The server's wording is kept
 * where it is already written for members (password policy, expired links); the rest is ours.
 */
export function describeAuthError(error: unknown): string {
  if (!(error instanceof AuthError)) return GENERIC_ERROR
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return 'The email address or password is not right. Check both and try again, or reset your password.'
    case 'EMAIL_NOT_VERIFIED':
      return 'Please confirm your email address first, with the link we emailed when you signed up. Or ask for a sign-in link below.'
    case 'RATE_LIMITED':
      return AUTH_MESSAGES.rateLimited(error.retryAfterSeconds ?? 60)
    case 'NETWORK':
      return `${AUTH_MESSAGES.requestFailed}: Stagedoor could not be reached. Check your connection and try again.`
    case 'INVALID_EMAIL':
      return EMAIL_MESSAGES.invalid
    case 'INVALID_OTP':
      return 'That code is not right. Check the text and try again; after 3 wrong tries it stops working.'
    case 'TOO_MANY_ATTEMPTS':
      return 'That code has stopped working after 3 wrong tries. Send a new code.'
    case 'OTP_EXPIRED':
    case 'OTP_NOT_FOUND':
      return 'That code has expired or was already used. Send a new code.'
    default:
      return error.message || GENERIC_ERROR
  }
}

export const EMAIL_MESSAGES = {
  missing: 'Enter your email address.',
  invalid: 'Enter an email address like name@example.com.',
}

/** A quick check before asking the server, which has the final word. */
export function emailProblem(value: string): string | null {
  const email = value.trim()
  if (!email) return EMAIL_MESSAGES.missing
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? null : EMAIL_MESSAGES.invalid
}

/** Codes that mean "this emailed link cannot be used any more". */
const USED_LINK_CODES = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'EXPIRED_TOKEN', 'invalid_token', 'link'])

/**
 * Why a redirect sign-in (a provider, an emailed link) did not finish, from the `error` that
 * /login/success was sent.
 */
export function describeRedirectError(code: string): string {
  if (code === 'provider' || code === 'access_denied') {
    return 'The sign-in service did not sign you in. You may have cancelled, or it may not have shared your email address.'
  }
  if (USED_LINK_CODES.has(code))
    return 'This link has expired or was already used. Sign in, or ask for a new link.'
  if (code === 'USER_NOT_FOUND') return 'The account this link was for no longer exists.'
  return 'Signing in did not finish. Please try again.'
}
