import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import { bearer, genericOAuth, jwt, magicLink, phoneNumber } from 'better-auth/plugins'
import { safeRelativePath } from '#core/auth/redirect.ts'
import { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from '#core/auth/password-policy.ts'
import type { AppConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/client.ts'
import * as schema from '#server/db/schema/index.ts'
import type { Mailer } from '#server/mail/outbox.service.ts'
import type { SmsProvider } from '#server/sms/sms-provider.ts'
import { PHONE_CODE_ATTEMPTS, PHONE_CODE_LENGTH, PHONE_CODE_SECONDS } from '#core/auth/phone.ts'
import { phoneCodeText, phoneGuard, phonePlaceholderEmail } from './phone-sign-in.ts'
import { settingsDefaults, societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import {
  accountExistsMessage,
  magicLinkMessage,
  resetPasswordMessage,
  verifyEmailMessage,
} from './auth-emails.ts'
import {
  accountIpKey,
  consumeRateLimit,
  EMAIL_RULES,
  emailKey,
  IP_RULES,
  resetRateLimit,
  SIGN_IN_SLOWDOWN,
  slowDownMs,
} from './rate-limit.ts'

/** Session cookie lifetime (spec §9): 8 hours, renewed while the member is active. */
export const SESSION_LIFETIME_SECONDS = 28_800
/** Access tokens for API and realtime calls are short-lived. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60
/** Magic links work once, for 10 minutes (spec §9). */
export const MAGIC_LINK_SECONDS = 600
export const RESET_TOKEN_SECONDS = 3600

/** Where emailed links land in the client. */
export const CLIENT_PATHS = {
  magicLink: '/login/magic',
  resetPassword: '/reset-password',
  success: '/login/success',
}

/** What the auth server tells the rest of the app. */
export interface AuthEvents {
  /** A session was deleted (sign-out, revoke, password change or reset): its tokens stop working. */
  onSessionEnded?(userId: string): void
  /** The auth server changed a user row itself (name, image, email): what is kept of it goes. */
  onUserUpdated?(userId: string): void
}

export function createAuth(
  config: AppConfig,
  db: Db,
  mailer: Mailer,
  sms: SmsProvider,
  events: AuthEvents = {},
) {
  const { providers } = config
  /** Who signs the emails: the society's name from its settings (decision 0039). */
  const societyName = async () => (await societySettingsOf({ config, db })).name
  const url = (path: string, params: Record<string, string> = {}) => {
    const u = new URL(path, config.appUrl)
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v)
    return u.toString()
  }

  return betterAuth({
    // Fixed when auth starts: the environment's name (MAIL_FROM), not a later change in settings.
    appName: settingsDefaults({ config }).name,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        jwks: schema.jwks,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // The policy (length and common passwords) is checked in the before-hook with our messages.
      minPasswordLength: 1,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url: link }) => {
        await mailer.queue(resetPasswordMessage(await societyName(), user.email, link))
      },
      // No account enumeration: signing up with a taken address answers exactly like a new one
      // (better-auth does that when verification is required); its owner gets this email.
      onExistingUserSignUp: async ({ user }) => {
        await mailer.queue(
          accountExistsMessage(
            await societyName(),
            user.email,
            url('/login'),
            url('/forgot-password', { email: user.email }),
          ),
        )
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, url: link }) => {
        await mailer.queue(verifyEmailMessage(await societyName(), user.email, user.name, link))
      },
    },
    socialProviders: {
      ...(providers.google ? { google: { ...providers.google, prompt: 'select_account' as const } } : {}),
      ...(providers.microsoft
        ? { microsoft: { ...providers.microsoft, prompt: 'select_account' as const } }
        : {}),
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'microsoft', 'oidc'] } },
    databaseHooks: {
      user: {
        update: {
          after: async (user) => {
            events.onUserUpdated?.(user.id)
          },
        },
      },
      session: {
        delete: {
          after: async (session) => {
            events.onSessionEnded?.(session.userId)
          },
        },
      },
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      // Renew the session while the member is active (at most once every 15 minutes).
      updateAge: 15 * 60,
    },
    user: {
      // A verified link goes to the new address; the change happens when it is opened (decision 0020).
      changeEmail: { enabled: true },
      additionalFields: {
        roles: { type: 'string[]', required: false, input: false, defaultValue: [] },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: IP_RULES,
    },
    advanced: {
      // NOTE: better-auth skips its Origin check when NODE_ENV=test; we want tests to see the
      // same protection production has.
      disableOriginCheck: false,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, secure: config.isProduction },
      // auth.routes.ts sets x-forwarded-for from the socket (or trusted proxy) address.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    telemetry: { enabled: false },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>
        const phone = await phoneGuard(ctx, { db, config, sms })
        if (phone) return phone
        const rule = EMAIL_RULES[ctx.path]
        if (rule && typeof body.email === 'string' && body.email) {
          const signIn = ctx.path === '/sign-in/email'
          const ip = ctx.headers?.get('x-forwarded-for') ?? 'unknown'
          const key = signIn ? accountIpKey(ctx.path, body.email, ip) : emailKey(ctx.path, body.email)
          const verdict = await consumeRateLimit(db, key, rule)
          if (signIn && verdict.allowed) {
            const account = await consumeRateLimit(db, emailKey(ctx.path, body.email), {
              window: SIGN_IN_SLOWDOWN.window,
              max: Number.MAX_SAFE_INTEGER,
            })
            const wait = slowDownMs(account.count - 1)
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
          }
          if (!verdict.allowed) {
            throw new APIError('TOO_MANY_REQUESTS', {
              code: 'RATE_LIMITED',
              message: `Too many attempts. Try again in ${verdict.retryAfterSeconds} seconds.`,
              retryAfterSeconds: verdict.retryAfterSeconds,
            })
          }
        }
        const password =
          ctx.path === '/sign-up/email'
            ? body.password
            : ctx.path === '/reset-password' || ctx.path === '/change-password'
              ? body.newPassword
              : undefined
        if (typeof password === 'string') {
          const problem = checkPassword(password)
          if (problem) {
            throw new APIError('BAD_REQUEST', {
              code: `PASSWORD_${problem}`,
              message: PASSWORD_MESSAGES[problem],
            })
          }
        }
        if (
          ctx.path === '/change-email' &&
          typeof body.newEmail === 'string' &&
          (await getSessionFromCtx(ctx).catch(() => null))
        ) {
          // Signed in members only: say plainly that another account has the address (issue 12).
          const taken = await db.query.users.findFirst({
            where: eq(schema.users.email, body.newEmail.trim().toLowerCase()),
            columns: { id: true },
          })
          if (taken) {
            throw new APIError('CONFLICT', {
              code: 'EMAIL_IN_USE',
              message: 'Another account uses that email address. Choose another.',
            })
          }
        }
        if (ctx.path === '/change-password') {
          // Changing the password ends every other session.
          return { context: { body: { ...body, revokeOtherSessions: true } } }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>
        if (ctx.path === '/sign-in/email' && ctx.context.newSession && typeof body.email === 'string') {
          // A successful sign-in clears the account's failure counts.
          const ip = ctx.headers?.get('x-forwarded-for') ?? 'unknown'
          await resetRateLimit(db, emailKey(ctx.path, body.email))
          await resetRateLimit(db, accountIpKey(ctx.path, body.email, ip))
        }
      }),
    },
    plugins: [
      jwt({
        jwt: {
          // The token names its session (`sid`): a request whose session is gone is refused at once
          // (session-check.ts).
          definePayload: ({ user, session }) => ({ ...user, sid: session.id }),
          expirationTime: `${ACCESS_TOKEN_LIFETIME_SECONDS}s`,
          issuer: config.appUrl,
          audience: config.appUrl,
        },
      }),
      bearer(),
      // Always installed (its columns and endpoints exist); phoneGuard refuses it when texts are off.
      phoneNumber({
        otpLength: PHONE_CODE_LENGTH,
        expiresIn: PHONE_CODE_SECONDS,
        allowedAttempts: PHONE_CODE_ATTEMPTS,
        // phoneGuard has already turned what was typed into E.164.
        phoneNumberValidator: (n) => /^\+[1-9]\d{6,14}$/.test(n),
        sendOTP: async ({ phoneNumber: to, code }, ctx) => {
          try {
            await sms.send({ to, body: phoneCodeText(code, await societyName()) })
          } catch (error) {
            ctx?.context.logger.error('SMS not sent', error)
            throw new APIError('SERVICE_UNAVAILABLE', {
              code: 'SMS_FAILED',
              message: 'The text could not be sent. Try again in a few minutes.',
            })
          }
        },
        // A new number signs up; the member gives their name next (/login/phone), as email sign-up asks.
        signUpOnVerification: { getTempEmail: phonePlaceholderEmail, getTempName: () => '' },
      }),
      magicLink({
        expiresIn: MAGIC_LINK_SECONDS,
        allowedAttempts: 1,
        sendMagicLink: async ({ email, token, url: verifyUrl }) => {
          // NOTE: the email opens our page, whose "Sign in" button spends the token: link scanners
          // that pre-open links would otherwise burn a single-use token.
          const callback = new URL(verifyUrl).searchParams.get('callbackURL') ?? '/'
          await mailer.queue(
            magicLinkMessage(
              await societyName(),
              email,
              url(CLIENT_PATHS.magicLink, { token, redirectTo: safeRelativePath(callback) }),
            ),
          )
        },
      }),
      ...(providers.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  name: providers.oidc.name,
                  discoveryUrl: `${providers.oidc.issuer}/.well-known/openid-configuration`,
                  clientId: providers.oidc.clientId,
                  clientSecret: providers.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
