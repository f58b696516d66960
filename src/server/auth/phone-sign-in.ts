import type { GenericEndpointContext } from '@better-auth/core'
import { APIError, getSessionFromCtx } from 'better-auth/api'
import { and, eq, ne } from 'drizzle-orm'
import { PHONE_CODE_SECONDS, PHONE_MESSAGES, PHONE_SEND_RULES, toE164 } from '#core/auth/phone.ts'
import type { AppConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import type { SmsProvider } from '#server/sms/sms-provider.ts'
import { consumeRateLimit } from './rate-limit.ts'

/** better-auth's phone paths we use; its password-by-phone paths are refused (members have none). */
const PHONE_PATHS = new Set(['/phone-number/send-otp', '/phone-number/verify'])
const REFUSED_PATHS = new Set([
  '/sign-in/phone-number',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
])

/** The domain of the placeholder address a phone-only account carries (reserved: never delivered). */
export const PHONE_PLACEHOLDER_DOMAIN = 'phone.invalid'

/** better-auth needs an email on every account: a phone-only one gets `447911123456@phone.invalid`. */
export function phonePlaceholderEmail(e164: string): string {
  return `${e164.replace(/^\+/, '')}@${PHONE_PLACEHOLDER_DOMAIN}`
}

export function isPhonePlaceholderEmail(email: string): boolean {
  return email.endsWith(`@${PHONE_PLACEHOLDER_DOMAIN}`)
}

/** The sign-in code's text message, naming the society that sends it. */
export function phoneCodeText(code: string, societyName: string): string {
  return `${code} is your ${societyName} code. It works once, for ${PHONE_CODE_SECONDS / 60} minutes. Nobody from the society will ask you for it.`
}

function refuse(
  status: 'BAD_REQUEST' | 'FORBIDDEN' | 'CONFLICT' | 'NOT_FOUND',
  code: string,
  message: string,
): never {
  throw new APIError(status, { code, message })
}

/**
 * The rules better-auth's phone-number plugin leaves to us, run before its endpoints: texts off in
 * production without SMS_URL; the number read as E.164 (SOCIETY_COUNTRY by default); sends limited
 * per number and per client address; a number on another account is PHONE_IN_USE (409); the last
 * way into a phone-only account cannot be removed. Returns the rewritten context, or nothing.
 */
export async function phoneGuard(
  ctx: GenericEndpointContext,
  deps: { db: Db; config: AppConfig; sms: SmsProvider },
): Promise<{ context: { body: Record<string, unknown> } } | undefined> {
  const body = (ctx.body ?? {}) as Record<string, unknown>
  const path = ctx.path ?? ''
  if (REFUSED_PATHS.has(path)) refuse('NOT_FOUND', 'NOT_FOUND', 'Not found.')
  if (path === '/update-user' && 'phoneNumber' in body && body.phoneNumber === null) {
    const session = await getSessionFromCtx(ctx).catch(() => null)
    if (session && isPhonePlaceholderEmail(session.user.email)) {
      refuse(
        'CONFLICT',
        'LAST_SIGN_IN_METHOD',
        'Your phone number is the only way into this account. Add an email address first.',
      )
    }
    return undefined
  }
  if (!PHONE_PATHS.has(path)) return undefined
  if (deps.sms.kind === 'off') {
    refuse('FORBIDDEN', 'SMS_UNAVAILABLE', 'Signing in by text is not available on this site.')
  }
  const typed = typeof body.phoneNumber === 'string' ? body.phoneNumber : ''
  const e164 = toE164(typed, deps.config.societyCountry)
  if (!e164) refuse('BAD_REQUEST', 'INVALID_PHONE_NUMBER', PHONE_MESSAGES.invalid)
  const linking = body.updatePhoneNumber === true || body.link === true
  const session = linking ? await getSessionFromCtx(ctx).catch(() => null) : null
  if (linking) {
    if (!session) refuse('FORBIDDEN', 'UNAUTHENTICATED', 'Sign in to add a phone number.')
    const taken = await deps.db.query.users.findFirst({
      where: and(eq(users.phoneNumber, e164), ne(users.id, session.user.id)),
      columns: { id: true },
    })
    if (taken) {
      refuse('CONFLICT', 'PHONE_IN_USE', 'Another account uses that phone number. Choose another.')
    }
  }
  if (path === '/phone-number/send-otp') {
    const ip = ctx.headers?.get('x-forwarded-for') ?? 'unknown'
    for (const [key, rule] of [
      [`phone:send:${e164}`, PHONE_SEND_RULES.perNumber],
      [`phone:send-ip:${ip}`, PHONE_SEND_RULES.perAddress],
    ] as const) {
      const verdict = await consumeRateLimit(deps.db, key, rule)
      if (!verdict.allowed) {
        throw new APIError('TOO_MANY_REQUESTS', {
          code: 'RATE_LIMITED',
          message: `Too many codes sent. Try again in ${verdict.retryAfterSeconds} seconds.`,
          retryAfterSeconds: verdict.retryAfterSeconds,
        })
      }
    }
    const { link: _link, ...rest } = body
    return { context: { body: { ...rest, phoneNumber: e164 } } }
  }
  return { context: { body: { ...body, phoneNumber: e164 } } }
}
