import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ApplicationStatus } from '#core/applications/status.ts'
import type { Role } from '#core/auth/roles.ts'
import { createAccount, hashPassword } from '#server/auth/accounts.service.ts'
import { applications, events } from '#server/db/schema/index.ts'

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
 * Password hashes per auth instance and password: scrypt is deliberately slow, and a test that makes
 * twenty members would otherwise spend most of its time hashing the same password (each account
 * still gets its own row; only the salt is shared).
 */
const hashes = new WeakMap<object, Map<string, Promise<string>>>()
function sharedHash(auth: FastifyInstance['services']['auth'], password: string): Promise<string> {
  let byPassword = hashes.get(auth)
  if (!byPassword) hashes.set(auth, (byPassword = new Map()))
  let hash = byPassword.get(password)
  if (!hash) byPassword.set(password, (hash = hashPassword(auth, password)))
  return hash
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
  const id = await createAccount(
    { auth, db },
    { email, name, password: { hash: await sharedHash(auth, password) }, roles: options.roles ?? [] },
  )
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

/**
 * A public sing-through ten days ahead with no application types, written straight to the
 * database: for tests of what its releases (info pack, final info, cast list) show to its members.
 */
export async function insertReleasableEvent(
  app: FastifyInstance,
  options: { slugPrefix?: string; infoPackReleased?: boolean } = {},
) {
  const day = 86_400_000
  const slug = `${options.slugPrefix ?? 'event'}-${randomBytes(4).toString('hex')}`
  const [event] = await app.services.db
    .insert(events)
    .values({
      slug,
      type: 'SINGTHROUGH',
      title: `Messiah ${slug}`,
      startDate: new Date(Date.now() + 10 * day),
      endDate: new Date(Date.now() + 10 * day + 3 * 3_600_000),
      visibility: 'public',
      eventConfig: {
        permissions: {
          releaseParticipantInfoPack: options.infoPackReleased ?? false,
          releaseFinalParticipantInfo: false,
          releaseCastList: false,
        },
        applicationTypes: {},
        paymentLines: {},
        content: { infoPack: {} },
        parts: [],
      },
    })
    .returning()
  return event!
}

/**
 * A public event with nothing configured but a place for ticket sales, an hour long, `daysAhead`
 * days after `from` (default now), written straight to the database: for tests of tickets.
 */
export async function insertTicketedEvent(
  app: FastifyInstance,
  options: {
    slugPrefix: string
    type?: 'CONCERT' | 'SOCIAL'
    title?: string
    daysAhead?: number
    from?: Date
  },
) {
  const slug = `${options.slugPrefix}-${randomBytes(4).toString('hex')}`
  const start = new Date((options.from ?? new Date()).getTime() + (options.daysAhead ?? 10) * 86_400_000)
  const [event] = await app.services.db
    .insert(events)
    .values({
      slug,
      type: options.type ?? 'CONCERT',
      title: options.title ?? `Concert ${slug}`,
      startDate: start,
      endDate: new Date(start.getTime() + 3_600_000),
      visibility: 'public',
      eventConfig: parseEventConfig({}),
    })
    .returning()
  return event!
}
