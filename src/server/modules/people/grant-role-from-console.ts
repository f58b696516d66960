import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { ROLES, rolesOf, type Role } from '#core/auth/roles.ts'
import { AppError } from '#core/errors.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import { systemContext, withTx } from '#server/context.ts'
import { users } from '#server/db/schema/index.ts'
import { validationError } from '#server/modules/shared/guards.ts'
import type { Services } from '#server/services.ts'
import { createSignInLink } from './sign-in-link.ts'

/** How long the link the console prints works. */
export const CONSOLE_LINK_SECONDS = 3600

const consoleGrantSchema = z.object({
  role: z.enum(ROLES, { error: `The role must be one of: ${ROLES.join(', ')}.` }),
  email: z.email({ error: 'Give the email address of the person.' }).transform((e) => e.toLowerCase()),
})

export interface ConsoleGrant {
  userId: string
  email: string
  role: Role
  /** The account did not exist and was made now. */
  created: boolean
  /** One-time sign-in link (an hour). */
  link: string
}

/**
 * `npm run admin -- grant <role> <email>`: whoever has a shell on the server is trusted with any
 * role, so this is how the first superAdmin comes to be. Makes the account when there is none
 * (verified: the operator vouches for the address; it signs in by the link), grants the role with an
 * audit entry whose actor is nobody and `via: 'console'`, and returns a one-time sign-in link.
 */
export async function grantRoleFromConsole(
  services: Services,
  input: { role: string; email: string },
): Promise<ConsoleGrant> {
  const parsed = consoleGrantSchema.safeParse(input)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const { role, email } = parsed.data
  const ctx = systemContext(services, `console:${Date.now()}`)
  let created = false
  let [row] = await services.db.select().from(users).where(eq(users.email, email))
  if (!row) {
    const auth = await services.auth.$context
    const user = await auth.internalAdapter.createUser(
      { email, name: email.split('@')[0] ?? email, emailVerified: true },
      { method: 'magic-link' },
    )
    created = true
    ;[row] = await services.db.select().from(users).where(eq(users.id, user.id))
  }
  if (!row) throw new AppError('INTERNAL', 'The account could not be created.')
  const target = row
  await withTx(ctx, async (tx, afterCommit) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, target.id)).for('update')
    const before = rolesOf(locked)
    if (before.includes(role)) return
    const after = [...before, role]
    await tx.update(users).set({ roles: after, updatedAt: ctx.now() }).where(eq(users.id, target.id))
    // A running server (PostgreSQL) hears it and drops what it kept of this user.
    afterCommit(() => services.bus.publish('USER_CHANGED', { userId: target.id, reason: 'roles' }))
    await recordAudit(tx, {
      actorId: null,
      requestId: ctx.requestId,
      action: 'user.role.grant',
      entityType: 'user',
      entityId: target.id,
      before: { roles: before },
      after: { roles: after, via: 'console' },
    })
  })
  const link = await createSignInLink(
    services,
    { email: target.email, name: target.name },
    { expiresAt: new Date(ctx.now().getTime() + CONSOLE_LINK_SECONDS * 1000), redirectTo: '/admin' },
  )
  return { userId: target.id, email: target.email, role, created, link }
}
