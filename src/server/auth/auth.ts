import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { bearer, jwt } from 'better-auth/plugins'
import type { AppConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/client.ts'
import * as schema from '#server/db/schema/index.ts'

/** Session cookie lifetime (spec §9): 8 hours, renewed while the member is active. */
export const SESSION_LIFETIME_SECONDS = 28_800
/** Access tokens for API and realtime calls are short-lived. */
export const ACCESS_TOKEN_LIFETIME = '15m'

export function createAuth(config: AppConfig, db: Db) {
  return betterAuth({
    appName: 'Stagedoor',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
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
    emailAndPassword: { enabled: true, minPasswordLength: 10, maxPasswordLength: 128 },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: 60 * 15,
    },
    user: {
      additionalFields: {
        roles: { type: 'string[]', required: false, input: false, defaultValue: [] },
      },
    },
    advanced: {
      useSecureCookies: config.isProduction,
    },
    telemetry: { enabled: false },
    plugins: [
      jwt({
        jwt: { expirationTime: ACCESS_TOKEN_LIFETIME, issuer: config.appUrl, audience: config.appUrl },
      }),
      bearer(),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
