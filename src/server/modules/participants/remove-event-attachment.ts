import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { eventAttachments } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'

/** Remove an info-pack attachment; its stored file goes too, once the removal has committed. Admins. */
export async function removeEventAttachment(ctx: RequestContext, input: { id: string }): Promise<boolean> {
  authorize(ctx.actor, 'admin.general')
  const { id } = input
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', 'No such attachment.')
  const removed = await withTx(ctx, async (tx) => {
    const [row] = await tx.delete(eventAttachments).where(eq(eventAttachments.id, id)).returning()
    if (!row) throw new AppError('NOT_FOUND', 'No such attachment.')
    await auditChange(tx, ctx, {
      action: 'event.attachment.remove',
      entityType: 'event',
      entityId: row.eventId,
      before: row,
    })
    return row
  })
  // The row is gone either way; a file left behind costs space, not correctness.
  await ctx.services.storage.delete(removed.fileKey).catch(() => undefined)
  return true
}
