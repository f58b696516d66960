import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { events } from '#server/db/schema/index.ts'
import { publishChanges } from '#server/modules/applications/change-status.ts'
import { updateApplication } from '#server/modules/applications/update-application.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { castingRowById, type CastingRow } from './casting-sql.ts'

/**
 * Assign a part (one of the event's parts, or none) to an application (admins). `expectedVersion`
 * is the version the admin's screen showed: a newer one means someone else changed it first: CONFLICT.
 */
export async function assignPart(
  ctx: RequestContext,
  input: { applicationId: string; part: string | null; expectedVersion: number },
): Promise<CastingRow> {
  authorize(ctx.actor, 'admin.general')
  const part = input.part === null || input.part.trim() === '' ? null : input.part.trim()
  const after = await withTx(ctx, async (tx, afterCommit) => {
    const { after } = await updateApplication(ctx, tx, {
      applicationId: input.applicationId,
      expectedVersion: input.expectedVersion,
      check: async (before) => {
        const [event] = await tx.select().from(events).where(eq(events.id, before.eventId))
        const parts = event?.eventConfig.parts ?? []
        if (part !== null && !parts.includes(part)) {
          throw new AppError('VALIDATION', `“${part}” is not one of this event's parts.`, {
            fields: [{ path: 'part', message: 'Choose one of the event’s parts.' }],
          })
        }
      },
      changes: () => ({ part }),
      audit: { action: 'application.assign-part' },
    })
    afterCommit(() => publishChanges(ctx.services.bus, [after]))
    return after
  })
  const row = await castingRowById(ctx.services.db, after.id)
  if (!row) throw new AppError('NOT_FOUND', 'No such application.')
  return row
}
