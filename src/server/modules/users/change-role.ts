import type { AuditAction } from '#core/audit/audit-actions.ts'
import { eq } from 'drizzle-orm'
import { canGrantRole, ROLE_REFUSALS, roleRefusal } from '#core/auth/role-terms.ts'
import { rolesOf, type Role } from '#core/auth/roles.ts'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { withTx, type AfterCommit, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import { dropTerm, lockSuperAdmins, lockUser, putTerm, setRoles, termOf, viewerOf } from './role-terms.ts'

export interface RoleChange {
  userId: string
  role: Role
  /** The end of the term (granting only); null or absent: until revoked. */
  endsAt?: Date | null
}

/**
 * Check, under the lock on the superAdmin rows, that the actor may still change `role` (they may
 * have been demoted since their request began). Returns the locked superAdmin ids.
 */
export async function lockAndAuthorize(tx: Tx, ctx: RequestContext, role: Role): Promise<string[]> {
  const actor = authenticate(ctx.actor)
  const superAdmins = await lockSuperAdmins(tx)
  const [fresh] = await tx.select().from(users).where(eq(users.id, actor.id))
  if (!fresh || !canGrantRole(fresh, role)) throw new AppError('FORBIDDEN', roleRefusal(role))
  return superAdmins
}

/**
 * Inside the caller's transaction: grant `role` to the locked user, or renew its term when they
 * hold it already; audit-logged (grant or renew) and announced to the user's open tabs.
 */
export async function grantInTx(
  tx: Tx,
  ctx: RequestContext,
  afterCommit: AfterCommit,
  change: RoleChange & { via?: string },
): Promise<Viewer> {
  const { userId, role } = change
  const endsAt = change.endsAt ?? null
  if (endsAt && endsAt.getTime() <= ctx.now().getTime()) {
    throw new AppError('VALIDATION', ROLE_REFUSALS.endInPast, {
      fields: [{ path: 'endsAt', message: ROLE_REFUSALS.endInPast }],
    })
  }
  const target = await lockUser(tx, userId)
  if (!target) throw new AppError('NOT_FOUND', 'No such user.')
  const before = rolesOf(target)
  const held = before.includes(role)
  const term = held ? await termOf(tx, userId, role) : undefined
  const after = held ? before : [...before, role]
  if (!held) await setRoles(tx, ctx, target, after)
  await putTerm(tx, ctx, { userId, role, endsAt, keepStart: held })
  await auditChange(tx, ctx, {
    action: held ? 'user.role.renew' : 'user.role.grant',
    entityType: 'user',
    entityId: userId,
    before: { roles: before, ...(held ? { endsAt: term?.endsAt?.toISOString() ?? null } : {}) },
    after: {
      roles: after,
      role,
      endsAt: endsAt?.toISOString() ?? null,
      ...(change.via ? { via: change.via } : {}),
    },
  })
  afterCommit(() => ctx.services.bus.publish('USER_CHANGED', { userId, reason: 'roles' }))
  return viewerOf(target, after)
}

/** Inside the caller's transaction: take `role` from the locked user; never the last superAdmin's. */
export async function revokeInTx(
  tx: Tx,
  ctx: RequestContext,
  afterCommit: AfterCommit,
  change: { userId: string; role: Role; superAdmins: string[]; action?: AuditAction; via?: string },
): Promise<Viewer> {
  const { userId, role } = change
  const target = await lockUser(tx, userId)
  if (!target) throw new AppError('NOT_FOUND', 'No such user.')
  const before = rolesOf(target)
  if (!before.includes(role)) return viewerOf(target, before)
  if (role === 'superAdmin' && change.superAdmins.length <= 1) {
    throw new AppError('CONFLICT', ROLE_REFUSALS.lastSuperAdmin)
  }
  const after = before.filter((r) => r !== role)
  await setRoles(tx, ctx, target, after)
  await dropTerm(tx, ctx, userId, role)
  await auditChange(tx, ctx, {
    action: change.action ?? 'user.role.revoke',
    entityType: 'user',
    entityId: userId,
    before: { roles: before },
    after: { roles: after, role, ...(change.via ? { via: change.via } : {}) },
  })
  afterCommit(() => ctx.services.bus.publish('USER_CHANGED', { userId, reason: 'roles' }))
  return viewerOf(target, after)
}

/**
 * Grant or revoke one role: what `grantRole` and `revokeRole` share. Only a superAdmin changes
 * superAdmin; the committee (superAdmin, boardMember) changes the rest (core/auth/role-terms.ts).
 * The superAdmin rows are locked first, so two superAdmins revoking each other at once cannot both
 * succeed and leave nobody.
 */
export async function changeRole(ctx: RequestContext, change: RoleChange, grant: boolean): Promise<Viewer> {
  const actor = authenticate(ctx.actor)
  if (!canGrantRole(actor, change.role)) throw new AppError('FORBIDDEN', roleRefusal(change.role))
  return withTx(ctx, async (tx, afterCommit) => {
    const superAdmins = await lockAndAuthorize(tx, ctx, change.role)
    return grant
      ? grantInTx(tx, ctx, afterCommit, change)
      : revokeInTx(tx, ctx, afterCommit, { userId: change.userId, role: change.role, superAdmins })
  })
}
