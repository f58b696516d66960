import { and, eq, sql } from 'drizzle-orm'
import { reminderAt } from '#core/auth/role-terms.ts'
import { ROLES, rolesOf, type Role } from '#core/auth/roles.ts'
import type { RequestContext } from '#server/context.ts'
import { executeRows, type Tx } from '#server/db/client.ts'
import { roleTerms, users } from '#server/db/schema/index.ts'
import { z } from 'zod'

export const ROLE_LAPSE_JOB = 'role.lapse'
export const ROLE_REMINDER_JOB = 'role.reminder'

/** The stored payload of the lapse and reminder jobs. */
export const termJobPayload = z.object({
  userId: z.string(),
  role: z.enum(ROLES),
  /** The end the job was queued for: a renewed or revoked term makes it do nothing. */
  endsAt: z.string(),
})
export type TermJobPayload = z.infer<typeof termJobPayload>

const lapseKey = (userId: string, role: Role) => `role-lapse:${userId}:${role}`
const reminderKey = (userId: string, role: Role) => `role-reminder:${userId}:${role}`

/** Lock and return the ids of every superAdmin (so two removals cannot both pass "not the last"). */
export async function lockSuperAdmins(tx: Tx): Promise<string[]> {
  const rows = await executeRows<{ id: string }>(
    tx,
    sql`select id from ${users} where 'superAdmin' = any(${users.roles}) order by id for update`,
  )
  return rows.map((r) => r.id)
}

export type UserRow = typeof users.$inferSelect
export type TermRow = typeof roleTerms.$inferSelect

export async function lockUser(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
  return row
}

export async function termOf(tx: Tx, userId: string, role: Role): Promise<TermRow | undefined> {
  const [row] = await tx
    .select()
    .from(roleTerms)
    .where(and(eq(roleTerms.userId, userId), eq(roleTerms.role, role)))
  return row
}

/** Write the user's roles. */
export async function setRoles(tx: Tx, ctx: RequestContext, user: UserRow, roles: Role[]): Promise<void> {
  await tx.update(users).set({ roles, updatedAt: ctx.now() }).where(eq(users.id, user.id))
}

/**
 * Record the term of a held role and (re)schedule its reminder and lapse jobs in the same
 * transaction: the jobs for an older end go.
 */
export async function putTerm(
  tx: Tx,
  ctx: RequestContext,
  term: { userId: string; role: Role; endsAt: Date | null; keepStart: boolean },
): Promise<void> {
  const now = ctx.now()
  await tx
    .insert(roleTerms)
    .values({
      userId: term.userId,
      role: term.role,
      startsAt: now,
      endsAt: term.endsAt,
      grantedBy: ctx.actor?.id ?? null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [roleTerms.userId, roleTerms.role],
      set: {
        endsAt: term.endsAt,
        grantedBy: ctx.actor?.id ?? null,
        updatedAt: now,
        ...(term.keepStart ? {} : { startsAt: now }),
      },
    })
  await scheduleTermJobs(tx, ctx, term.userId, term.role, term.endsAt)
}

/** Forget the term of a role no longer held, and its jobs. */
export async function dropTerm(tx: Tx, ctx: RequestContext, userId: string, role: Role): Promise<void> {
  await tx.delete(roleTerms).where(and(eq(roleTerms.userId, userId), eq(roleTerms.role, role)))
  await scheduleTermJobs(tx, ctx, userId, role, null)
}

async function scheduleTermJobs(
  tx: Tx,
  ctx: RequestContext,
  userId: string,
  role: Role,
  endsAt: Date | null,
): Promise<void> {
  const { queue } = ctx.services
  await queue.cancel(lapseKey(userId, role), tx)
  await queue.cancel(reminderKey(userId, role), tx)
  if (!endsAt) return
  const payload: TermJobPayload = { userId, role, endsAt: endsAt.toISOString() }
  await queue.enqueue(ROLE_LAPSE_JOB, payload, { runAt: endsAt, singletonKey: lapseKey(userId, role), tx })
  await queue.enqueue(ROLE_REMINDER_JOB, payload, {
    runAt: reminderAt(endsAt, ctx.now()),
    singletonKey: reminderKey(userId, role),
    tx,
  })
}

export function viewerOf(row: UserRow, roles = rolesOf(row)) {
  return { id: row.id, email: row.email, name: row.name, image: row.image, roles }
}
