import { societySettingsSchema, type SocietySettings } from '#core/society/society-settings.schemas.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { societySettings } from '#server/db/schema/index.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import { forgetSocietySettings, readStoredSettings } from './settings.queries.ts'

/**
 * Save the society's settings (superAdmins only): checked with the core schema, every problem
 * returned by its field; audited with what was there before.
 */
export async function updateSocietySettings(ctx: RequestContext, input: unknown): Promise<SocietySettings> {
  const actor = authorize(ctx.actor, 'admin.settings')
  const parsed = societySettingsSchema.safeParse(input)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const settings = parsed.data
  const saved = await withTx(ctx, async (tx, afterCommit) => {
    const { settings: before } = await readStoredSettings(tx, ctx.services)
    await tx
      .insert(societySettings)
      .values({ id: 1, settings, updatedBy: actor.id, updatedAt: ctx.now() })
      .onConflictDoUpdate({
        target: societySettings.id,
        set: { settings, updatedBy: actor.id, updatedAt: ctx.now() },
      })
    await auditChange(tx, ctx, {
      action: 'society.settings.update',
      entityType: 'societySettings',
      entityId: '1',
      before,
      after: settings,
    })
    afterCommit(() => forgetSocietySettings(ctx.services))
    return settings
  })
  return saved
}
