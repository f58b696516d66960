import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ApplicationStatus } from '#core/applications/status.ts'
import type { Role } from '#core/auth/roles.ts'
import { createAccount } from '#server/auth/accounts.service.ts'
import { applications } from '#server/db/schema/index.ts'

export const TEST_PASSWORD = 'a-long-test-password-42'

export interface TestUser {
  id: string
  email: string
  name: string
  /** The session cookie header value. */
  cookie: string
  /** A JWT access token. */
  token: string
}

export function cookieHeader(setCookie: string | string[] | undefined | null): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  return list.map((c) => c.split(';')[0]).join('; ')
}

/**
 * A verified user with roles, a session cookie and an access token. Made through better-auth's
 * server API (not HTTP), so tests that make many users do not trip the per-IP sign-up limits.
 */
export async function createUser(
  app: FastifyInstance,
  options: { email?: string; name?: string; roles?: Role[]; password?: string } = {},
): Promise<TestUser> {
  const { auth, db } = app.services
  const email = options.email ?? `user-${randomBytes(4).toString('hex')}@stagedoor.test`
  const name = options.name ?? 'Test Member'
  const password = options.password ?? TEST_PASSWORD
  const id = await createAccount({ auth, db }, { email, name, password, roles: options.roles ?? [] })
  const signIn = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true })
  const cookie = cookieHeader(signIn.headers.getSetCookie())
  const { token } = await auth.api.getToken({ headers: new Headers({ cookie }) })
  return { id, email, name, cookie, token }
}

/**
 * An application row written straight to the database, in any status (no transition, audit or
 * email): for tests whose subject is what comes after. Its slug is `<user id prefix>-<type>`.
 */
export async function insertApplication(
  app: FastifyInstance,
  values: {
    eventId: string
    userId: string
    applicationType?: string
    status?: ApplicationStatus
    part?: string | null
    statusChangedAt?: Date
  },
): Promise<typeof applications.$inferSelect> {
  const applicationType = values.applicationType ?? 'singer'
  const [row] = await app.services.db
    .insert(applications)
    .values({
      ...values,
      applicationType,
      slug: `${values.userId.slice(0, 8)}-${applicationType}`,
      part: values.part ?? null,
    })
    .returning()
  return row!
}
