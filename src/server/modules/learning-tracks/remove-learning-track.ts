import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { learningTracks } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'

/** Remove a track; its file goes too, once the removal has committed. Admins. */
export async function removeLearningTrack(ctx: RequestContext, input: { id: string }): Promise<boolean> {
  authorize(ctx.actor, 'admin.general')
  const row = await withTx(ctx, async (tx) => {
    const [row] = await tx.delete(learningTracks).where(eq(learningTracks.id, input.id)).returning()
    if (!row) throw new AppError('NOT_FOUND', 'That track no longer exists.')
    await auditChange(tx, ctx, {
      action: 'learningTrack.remove',
      entityType: 'learningTrack',
      entityId: row.id,
      before: row,
    })
    return row
  })
  // The row is gone either way; a file left behind costs space, not correctness.
  await ctx.services.storage.delete(row.fileKey).catch(() => {})
  return true
}
