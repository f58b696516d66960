import { eq } from 'drizzle-orm'
import { pushPreferencesSchema } from '#core/notifications/push-preferences.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { profiles } from '#server/db/schema/index.ts'
import { authenticate, validationError } from '#server/modules/shared/guards.ts'
import { ensureProfile, profileView, type MyProfileView } from './my-profile.ts'

/**
 * Save which kinds of notification the signed-in member wants (`/profile`), checked by
 * `pushPreferencesSchema` (the switches use the same one), with an audit entry, in one transaction.
 * Applies to every browser they turned notifications on in; `queuePush` reads it before queueing.
 */
export async function updatePushPreferences(ctx: RequestContext, raw: unknown): Promise<MyProfileView> {
  const viewer = authenticate(ctx.actor)
  const parsed = pushPreferencesSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const row = await withTx(ctx, async (tx) => {
    await ensureProfile(ctx, tx, viewer, viewer.name)
    const [after] = await tx
      .update(profiles)
      .set({ pushPreferences: parsed.data, updatedAt: ctx.now() })
      .where(eq(profiles.userId, viewer.id))
      .returning()
    await auditChange(tx, ctx, {
      action: 'profile.push-preferences',
      entityType: 'profile',
      entityId: viewer.id,
      after: { pushPreferences: parsed.data },
    })
    return after ?? null
  })
  return profileView(ctx, viewer, row)
}
