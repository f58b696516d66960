import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Role } from '#core/auth/roles.ts'
import { users } from '#server/db/schema/index.ts'

export const TEST_PASSWORD = 'a-long-test-password-42'

export interface TestUser {
  id: string
  email: string
  cookie: string
  token: string
}

function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  return list.map((c) => c.split(';')[0]).join('; ')
}

/** Sign up through the real auth endpoints, grant roles, and fetch an access token. */
export async function createUser(
  app: FastifyInstance,
  options: { email?: string; name?: string; roles?: Role[] } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${randomBytes(4).toString('hex')}@stagedoor.test`
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { 'content-type': 'application/json', origin: app.services.config.appUrl },
    payload: { email, password: TEST_PASSWORD, name: options.name ?? 'Test Member' },
  })
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`)
  const id = (signUp.json() as { user: { id: string } }).user.id
  if (options.roles?.length) {
    await app.services.db.update(users).set({ roles: options.roles }).where(eq(users.id, id))
  }
  const cookie = cookieHeader(signUp.headers['set-cookie'])
  const tokenResponse = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })
  if (tokenResponse.statusCode !== 200) throw new Error(`token failed: ${tokenResponse.statusCode} ${tokenResponse.body}`)
  return { id, email, cookie, token: (tokenResponse.json() as { token: string }).token }
}
