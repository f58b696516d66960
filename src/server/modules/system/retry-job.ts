import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { jobs } from '#server/db/schema/index.ts'
import type { JobRow } from '#server/jobs/queue.ts'
import { authorize, isUniqueViolation } from '#server/modules/shared/guards.ts'
import { numericId } from './retry-outbox-message.ts'

/**
 * Run a failed job again (superAdmin): pending now with its attempts reset, audited `job.retry`.
 * Only a failed job (CONFLICT otherwise), and not while another job with its singleton key is
 * pending or running (CONFLICT: that one will do the work).
 */
export async function retryJob(ctx: RequestContext, id: string): Promise<JobRow> {
  authorize(ctx.actor, 'admin.jobs')
  const jobId = numericId(id, 'job')
  try {
    return await withTx(ctx, async (tx, afterCommit) => {
      const [current] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update')
      if (!current) throw new AppError('NOT_FOUND', `There is no job ${id}.`)
      if (current.status !== 'failed')
        throw new AppError('CONFLICT', `Only a failed job can be retried; this one is ${current.status}.`)
      const [updated] = await tx
        .update(jobs)
        .set({
          status: 'pending',
          attempts: 0,
          runAt: new Date(),
          lockedBy: null,
          lockedUntil: null,
          completedAt: null,
          updatedAt: new Date(),
        })
        .where(eq(jobs.id, jobId))
        .returning()
      await auditChange(tx, ctx, {
        action: 'job.retry',
        entityType: 'job',
        entityId: String(jobId),
        before: { status: current.status, attempts: current.attempts, lastError: current.lastError },
        after: { status: 'pending', name: current.name },
      })
      afterCommit(() => ctx.services.queue.wake())
      return updated!
    })
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'The same job is already waiting or running; it will do this work.')
    throw error
  }
}
