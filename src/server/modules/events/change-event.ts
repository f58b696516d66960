import type { AuditAction } from '#core/audit/audit-actions.ts'
import { eq } from 'drizzle-orm'
import type { Capability } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type AfterCommit, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { events } from '#server/db/schema/index.ts'
import { authorize, isUniqueViolation } from '#server/modules/shared/guards.ts'
import { lockEventById } from './find-visible-event.ts'
import type { EventRow } from './find-visible-event.ts'

export type EventPatch = Partial<typeof events.$inferInsert>

/** The refusal for a slug another event has (the unique index decides, inside the transaction). */
export function slugTaken(): AppError {
  return new AppError('CONFLICT', 'Another event already uses that slug.')
}

/** The event as its audit entry records it. */
export function auditableEvent(row: EventRow): EventRow {
  return { ...row, eventConfig: row.eventConfig }
}

export interface EventChange {
  id: string
  capability: Capability
  /** The audit action, e.g. `event.archive`. */
  action: AuditAction
  /**
   * What to change, given the event locked FOR UPDATE: refuse by throwing, queue jobs on `tx`, and
   * hand `afterCommit` what to publish once the change is in.
   */
  mutate: (tx: Tx, before: EventRow, afterCommit: AfterCommit) => Promise<EventPatch>
}

/**
 * The one guarded update of an event: authorize, lock the row, apply the patch `mutate` decides, and
 * audit before and after, all in one transaction (PRODUCT.md §2: every change is audit-logged).
 * A slug another event has is CONFLICT.
 */
export async function changeEvent(ctx: RequestContext, change: EventChange): Promise<EventRow> {
  authorize(ctx.actor, change.capability)
  try {
    return await withTx(ctx, async (tx, afterCommit) => {
      const before = await lockEventById(tx, change.id)
      const patch = await change.mutate(tx, before, afterCommit)
      const [after] = await tx
        .update(events)
        .set({ ...patch, updatedAt: ctx.now() })
        .where(eq(events.id, change.id))
        .returning()
      if (!after) throw new AppError('NOT_FOUND', 'No such event.')
      await auditChange(tx, ctx, {
        action: change.action,
        entityType: 'event',
        entityId: change.id,
        before: auditableEvent(before),
        after: auditableEvent(after),
      })
      return after
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken()
    throw error
  }
}
