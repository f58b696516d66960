import { rolesOf } from '#core/auth/roles.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import { systemContext, withTx, type RequestContext } from '#server/context.ts'
import type { Services } from '#server/services.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { roleEndingMessage } from './role-emails.ts'
import {
  dropTerm,
  lockSuperAdmins,
  lockUser,
  putTerm,
  ROLE_LAPSE_JOB,
  ROLE_REMINDER_JOB,
  setRoles,
  termJobPayload,
  termOf,
  type TermJobPayload,
} from './role-terms.ts'

/** The term this job was queued for, if it still stands (not renewed, revoked or handed over). */
async function standingTerm(tx: Parameters<typeof termOf>[0], payload: TermJobPayload) {
  const term = await termOf(tx, payload.userId, payload.role)
  if (!term?.endsAt || term.endsAt.toISOString() !== payload.endsAt) return null
  return term
}

/**
 * A term has ended: the role goes, audit-logged as a lapse by nobody, and the member's open tabs
 * hear of it. The last superAdmin never lapses: their term is cleared instead (and audited).
 */
export async function lapseRole(ctx: RequestContext, payload: TermJobPayload): Promise<void> {
  await withTx(ctx, async (tx, afterCommit) => {
    const superAdmins = await lockSuperAdmins(tx)
    const user = await lockUser(tx, payload.userId)
    const term = await standingTerm(tx, payload)
    if (!user || !term?.endsAt || term.endsAt.getTime() > ctx.now().getTime()) return
    const before = rolesOf(user)
    if (payload.role === 'superAdmin' && superAdmins.length <= 1 && before.includes('superAdmin')) {
      await putTerm(tx, ctx, { userId: user.id, role: 'superAdmin', endsAt: null, keepStart: true })
      await recordAudit(tx, {
        actorId: null,
        requestId: ctx.requestId,
        action: 'user.role.lapse-refused',
        entityType: 'user',
        entityId: user.id,
        before: { roles: before, endsAt: payload.endsAt },
        after: { roles: before, endsAt: null, reason: 'last superAdmin' },
      })
      return
    }
    const after = before.filter((r) => r !== payload.role)
    await setRoles(tx, ctx, user, after)
    await dropTerm(tx, ctx, user.id, payload.role)
    await recordAudit(tx, {
      actorId: null,
      requestId: ctx.requestId,
      action: 'user.role.lapse',
      entityType: 'user',
      entityId: user.id,
      before: { roles: before, endsAt: payload.endsAt },
      after: { roles: after, role: payload.role },
    })
    afterCommit(() => ctx.services.bus.publish('USER_CHANGED', { userId: user.id, reason: 'roles' }))
  })
}

/** A week before the end (or at once for a shorter term), the member is told by email. */
export async function remindRoleEnding(ctx: RequestContext, payload: TermJobPayload): Promise<void> {
  await withTx(ctx, async (tx) => {
    const user = await lockUser(tx, payload.userId)
    const term = await standingTerm(tx, payload)
    if (!user || !term?.endsAt) return
    await ctx.services.mailer.queue(
      roleEndingMessage(
        ctx.services.config,
        await societySettingsOf(ctx.services, tx),
        { email: user.email, name: user.name },
        payload.role,
        term.endsAt,
      ),
      tx,
    )
  })
}

export function registerUsersJobs(services: Services): void {
  services.queue.register(ROLE_LAPSE_JOB, termJobPayload, (payload) =>
    lapseRole(systemContext(services, `job:${ROLE_LAPSE_JOB}`), payload),
  )
  services.queue.register(ROLE_REMINDER_JOB, termJobPayload, (payload) =>
    remindRoleEnding(systemContext(services, `job:${ROLE_REMINDER_JOB}`), payload),
  )
}
