import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { staffProfileEditSchema } from '#core/profiles/member-records.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { profiles, users } from '#server/db/schema/index.ts'
import { slugify } from '#server/modules/applications/save-profile-essentials.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import { findMember, type MemberRecordRow } from './member-records.queries.ts'

/**
 * Staff correct a member's details from their record (name, preferred name, pronouns, phone, voice
 * part, dietary and access needs). One transaction; the audit entry `profile.staff-edit` holds the
 * fields that changed, before and after. Nothing changed: nothing written.
 */
export async function updateMemberProfile(
  ctx: RequestContext,
  slug: string,
  raw: unknown,
): Promise<MemberRecordRow> {
  authorize(ctx.actor, 'admin.profiles')
  const parsed = staffProfileEditSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const edit = { ...parsed.data }
  for (const key of Object.keys(edit) as (keyof typeof edit)[])
    if (edit[key] === '' && key !== 'name') (edit as Record<string, unknown>)[key] = null
  const member = await findMember(ctx.services.db, slug)
  await withTx(ctx, async (tx, afterCommit) => {
    const [user] = await tx.select().from(users).where(eq(users.id, member.userId)).for('update')
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, member.userId)).for('update')
    const current: Record<string, unknown> = {
      name: user?.name ?? member.name,
      preferredName: profile?.preferredName ?? null,
      pronouns: profile?.pronouns ?? null,
      phone: profile?.phone ?? null,
      voicePart: profile?.voicePart ?? null,
      dietaryRequirements: profile?.dietaryRequirements ?? null,
      accessNeeds: profile?.accessNeeds ?? null,
    }
    const before: Record<string, unknown> = {}
    const after: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(edit)) {
      if (value !== undefined && current[key] !== value) {
        before[key] = current[key]
        after[key] = value
      }
    }
    if (Object.keys(after).length === 0) return
    const now = ctx.now()
    if ('name' in after) {
      await tx.update(users).set({ name: edit.name, updatedAt: now }).where(eq(users.id, member.userId))
      // Other processes keep the user behind a request too (decision 0027).
      afterCommit(() =>
        ctx.services.bus.publish('USER_CHANGED', { userId: member.userId, reason: 'profile' }),
      )
    }
    const { name: _name, ...rest } = edit
    const profileValues = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
    if (profile) {
      await tx
        .update(profiles)
        .set({ ...profileValues, updatedAt: now })
        .where(eq(profiles.userId, member.userId))
    } else {
      const newSlug = `${slugify(edit.name)}-${randomBytes(3).toString('hex')}`
      await tx
        .insert(profiles)
        .values({ userId: member.userId, slug: newSlug, ...profileValues, updatedAt: now })
    }
    await auditChange(tx, ctx, {
      action: 'profile.staff-edit',
      entityType: 'user',
      entityId: member.userId,
      before,
      after,
    })
  })
  return findMember(ctx.services.db, member.userId)
}
