import { eq, sql } from 'drizzle-orm'
import { canGrantRole, roleGrantSchema, roleRefusal, type RoleGrantInput } from '#core/auth/role-terms.ts'
import { rolesOf, ROLES, type Role } from '#core/auth/roles.ts'
import { AppError } from '#core/errors.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { roleTerms, users } from '#server/db/schema/index.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import { grantInTx, lockAndAuthorize, revokeInTx } from './change-role.ts'

async function userIdByEmail(tx: Tx, email: string): Promise<string> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) {
    throw new AppError('NOT_FOUND', 'Nobody has an account with that email.', {
      fields: [{ path: 'email', message: 'Nobody has an account with that email.' }],
    })
  }
  return row.id
}

/** The Committee form: grant a role (or renew its term) to the member with this email. */
export async function grantCommitteeRole(ctx: RequestContext, input: RoleGrantInput): Promise<Viewer> {
  // Refuse outsiders before reading what they sent.
  const actor = authorize(ctx.actor, 'admin.committee')
  const parsed = roleGrantSchema.safeParse(input)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const { email, role, endsAt } = parsed.data
  if (!canGrantRole(actor, role)) throw new AppError('FORBIDDEN', roleRefusal(role))
  return withTx(ctx, async (tx, afterCommit) => {
    await lockAndAuthorize(tx, ctx, role)
    const userId = await userIdByEmail(tx, email)
    return grantInTx(tx, ctx, afterCommit, { userId, role, endsAt: endsAt ?? null })
  })
}

/**
 * "Hand over": in one transaction the role leaves one member and goes to another (the AGM
 * handover), with the given end of term or else the outgoing holder's. Audited as a revoke and a
 * grant, both `via: 'handover'`.
 */
export async function handOverRole(
  ctx: RequestContext,
  input: { role: string; fromUserId: string; toEmail: string; endsAt?: Date | string | null },
): Promise<Viewer> {
  const actor = authorize(ctx.actor, 'admin.committee')
  const parsed = roleGrantSchema.safeParse({ email: input.toEmail, role: input.role, endsAt: input.endsAt })
  if (!parsed.success) throw validationError(parsed.error.issues)
  const { email, role } = parsed.data
  if (!canGrantRole(actor, role)) throw new AppError('FORBIDDEN', roleRefusal(role))
  return withTx(ctx, async (tx, afterCommit) => {
    const superAdmins = await lockAndAuthorize(tx, ctx, role)
    const toUserId = await userIdByEmail(tx, email)
    if (toUserId === input.fromUserId) throw new AppError('BAD_REQUEST', 'They hold the role already.')
    const [outgoing] = await tx
      .select()
      .from(roleTerms)
      .where(sql`${roleTerms.userId} = ${input.fromUserId} and ${roleTerms.role} = ${role}`)
    const [from] = await tx.select().from(users).where(eq(users.id, input.fromUserId))
    if (!from || !rolesOf(from).includes(role)) throw new AppError('NOT_FOUND', 'They do not hold that role.')
    const endsAt = parsed.data.endsAt ?? outgoing?.endsAt ?? null
    const until = endsAt && endsAt.getTime() > ctx.now().getTime() ? endsAt : null
    // Grant first: handing superAdmin over never leaves nobody holding it.
    const viewer = await grantInTx(tx, ctx, afterCommit, {
      userId: toUserId,
      role,
      endsAt: until,
      via: 'handover',
    })
    await revokeInTx(tx, ctx, afterCommit, {
      userId: input.fromUserId,
      role,
      superAdmins: role === 'superAdmin' ? [...superAdmins, toUserId] : superAdmins,
      via: 'handover',
    })
    return viewer
  })
}

export interface RoleHolder {
  user: Viewer
  role: Role
  startsAt: Date | null
  endsAt: Date | null
}

/**
 * Every role held, one row per holder with their term, in the order of ROLES and soonest end first
 * (superAdmin, boardMember). Flat, so the Committee view groups it: a committee is a few dozen rows.
 */
export async function listCommittee(ctx: RequestContext): Promise<RoleHolder[]> {
  authorize(ctx.actor, 'admin.committee')
  const { db } = ctx.services
  const holders = await db
    .select()
    .from(users)
    .where(sql`cardinality(${users.roles}) > 0`)
  const terms = await db.select().from(roleTerms)
  const termOf = new Map(terms.map((t) => [`${t.userId}:${t.role}`, t]))
  return ROLES.flatMap((role) =>
    holders
      .filter((u) => rolesOf(u).includes(role))
      .map((u) => {
        const term = termOf.get(`${u.id}:${role}`)
        return {
          user: { id: u.id, email: u.email, name: u.name, image: u.image, roles: rolesOf(u) },
          role,
          startsAt: term?.startsAt ?? null,
          endsAt: term?.endsAt ?? null,
        }
      })
      .sort((a, b) => (a.endsAt?.getTime() ?? Infinity) - (b.endsAt?.getTime() ?? Infinity)),
  )
}
