import { randomBytes } from 'node:crypto'
import { and, eq, gt, like, sql } from 'drizzle-orm'
import { rolesOf } from '#core/auth/roles.ts'
import { AppError } from '#core/errors.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { executeRows } from '#server/db/client.ts'
import { users, verifications } from '#server/db/schema/index.ts'
import {
  hasSuperAdmin,
  SETUP_TOKEN_PREFIX,
  setupTokenIdentifier,
} from '#server/modules/settings/getting-started.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import type { Services } from '#server/services.ts'

/** The first-run setup link works for an hour, once. */
export const SETUP_LINK_SECONDS = 3600

/**
 * At start-up of an install without any superAdmin: a fresh one-time setup link (any older one is
 * void). Whoever opens it, signs up or in, and confirms becomes the first superAdmin. Null when a
 * superAdmin exists. Only a hash of the token is stored, so the database alone cannot claim it.
 */
export async function openFirstRunSetup(services: Services): Promise<string | null> {
  if (await hasSuperAdmin(services.db)) return null
  const token = randomBytes(24).toString('base64url')
  const now = services.clock()
  await services.db.delete(verifications).where(like(verifications.identifier, `${SETUP_TOKEN_PREFIX}%`))
  await services.db.insert(verifications).values({
    id: randomBytes(12).toString('hex'),
    identifier: setupTokenIdentifier(token),
    value: 'first-admin',
    expiresAt: new Date(now.getTime() + SETUP_LINK_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  })
  const url = new URL('/setup', services.config.appUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

const SPENT =
  'This setup link has expired or was already used. Restart the server for a new one, or use `npm run admin -- grant superAdmin <email>`.'

/**
 * The signed-in actor becomes the first superAdmin, spending the setup token. Refused once anybody
 * is superAdmin (the setup is over), and for an expired or spent token.
 */
export async function claimFirstAdmin(ctx: RequestContext, token: string): Promise<Viewer> {
  const actor = authenticate(ctx.actor)
  return withTx(ctx, async (tx) => {
    // Lock every superAdmin row: two people claiming at once cannot both pass the check below.
    const holders = await executeRows<{ id: string }>(
      tx,
      sql`select id from ${users} where 'superAdmin' = any(${users.roles}) for update`,
    )
    if (holders.length > 0) throw new AppError('CONFLICT', 'This society already has a superAdmin.')
    const spent = await tx
      .delete(verifications)
      .where(
        and(
          eq(verifications.identifier, setupTokenIdentifier(token)),
          gt(verifications.expiresAt, ctx.now()),
        ),
      )
      .returning({ id: verifications.id })
    if (spent.length === 0) throw new AppError('BAD_REQUEST', SPENT)
    const [row] = await tx.select().from(users).where(eq(users.id, actor.id)).for('update')
    if (!row) throw new AppError('NOT_FOUND', 'No such user.')
    const before = rolesOf(row)
    const after = [...new Set([...before, 'superAdmin' as const])]
    await tx.update(users).set({ roles: after, updatedAt: ctx.now() }).where(eq(users.id, row.id))
    await auditChange(tx, ctx, {
      action: 'user.role.grant',
      entityType: 'user',
      entityId: row.id,
      before: { roles: before },
      after: { roles: after, via: 'first-run-setup' },
    })
    return { id: row.id, email: row.email, name: row.name, image: row.image, roles: after }
  })
}
