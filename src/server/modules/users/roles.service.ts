import { eq, sql } from 'drizzle-orm'
import { can } from '#core/auth/policies.ts'
import { rolesOf, type Role } from '#core/auth/roles.ts'
import { AppError } from '#core/errors.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Db } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'

export interface ChangeRoleInput {
  actor: Viewer | null
  userId: string
  role: Role
  grant: boolean
  requestId?: string
}

/**
 * Grant or revoke one role. superAdmins only; audit-logged with the roles before and after.
 * Nobody can remove the last superAdmin: the superAdmin rows are locked while counting, so two
 * superAdmins revoking each other at once cannot both succeed.
 */
export async function changeRole(db: Db, input: ChangeRoleInput): Promise<Viewer> {
  const { actor } = input
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Not logged in.')
  if (!can(actor, 'admin.roles')) throw new AppError('FORBIDDEN', 'Only a superAdmin can change roles.')

  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const superAdmins = await t.execute<{ id: string }>(
      sql`select id from ${users} where 'superAdmin' = any(${users.roles}) order by id for update`,
    )
    const lockedIds = (superAdmins as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)
    // The actor may have been demoted since their request began: check again under the lock.
    if (!lockedIds.includes(actor.id)) throw new AppError('FORBIDDEN', 'Only a superAdmin can change roles.')
    const [target] = await t.select().from(users).where(eq(users.id, input.userId)).for('update')
    if (!target) throw new AppError('NOT_FOUND', 'No such user.')
    const before = rolesOf(target)
    const after = input.grant
      ? [...new Set([...before, input.role])]
      : before.filter((role) => role !== input.role)
    const superAdminCount = lockedIds.length
    if (
      !input.grant &&
      input.role === 'superAdmin' &&
      before.includes('superAdmin') &&
      superAdminCount <= 1
    ) {
      throw new AppError('CONFLICT', 'Nobody can remove the last superAdmin.')
    }
    if (after.length !== before.length) {
      await t.update(users).set({ roles: after, updatedAt: new Date() }).where(eq(users.id, target.id))
      await recordAudit(t, {
        actorId: actor.id,
        action: input.grant ? 'user.role.grant' : 'user.role.revoke',
        entityType: 'user',
        entityId: target.id,
        before: { roles: before },
        after: { roles: after },
        requestId: input.requestId ?? null,
      })
    }
    return { id: target.id, email: target.email, name: target.name, image: target.image, roles: after }
  })
}
