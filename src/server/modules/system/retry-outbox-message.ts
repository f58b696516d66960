import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { outbox } from '#server/db/schema/index.ts'
import { SEND_MAIL_JOB, type OutboxRow } from '#server/mail/outbox.service.ts'
import { authorize } from '#server/modules/shared/guards.ts'

/** An id from the API as a bigserial key, or NOT_FOUND. */
export function numericId(id: string, what: string): number {
  const n = Number(id)
  if (!/^\d{1,15}$/.test(id) || !Number.isSafeInteger(n))
    throw new AppError('NOT_FOUND', `There is no ${what} ${id}.`)
  return n
}

/**
 * Send a failed message again (superAdmin): back to queued with a fresh `mail.send` job, in one
 * transaction with the audit entry `outbox.retry`. Only a failed message: a queued one is already
 * on its way and a sent one would arrive twice (CONFLICT).
 */
export async function retryOutboxMessage(ctx: RequestContext, id: string): Promise<OutboxRow> {
  authorize(ctx.actor, 'admin.outbox')
  const outboxId = numericId(id, 'message')
  const row = await withTx(ctx, async (tx, afterCommit) => {
    const [current] = await tx.select().from(outbox).where(eq(outbox.id, outboxId)).for('update')
    if (!current) throw new AppError('NOT_FOUND', `There is no message ${id}.`)
    if (current.status !== 'failed')
      throw new AppError('CONFLICT', `Only a failed message can be retried; this one is ${current.status}.`)
    const [updated] = await tx
      .update(outbox)
      .set({ status: 'queued' })
      .where(eq(outbox.id, outboxId))
      .returning()
    await ctx.services.queue.enqueue(SEND_MAIL_JOB, { outboxId }, { tx, singletonKey: `mail:${outboxId}` })
    await auditChange(tx, ctx, {
      action: 'outbox.retry',
      entityType: 'outbox',
      entityId: String(outboxId),
      before: { status: current.status, attempts: current.attempts, lastError: current.lastError },
      after: { status: 'queued' },
    })
    afterCommit(() => ctx.services.queue.wake())
    return updated!
  })
  return row
}
