import type { AuditAction, AuditEntityType } from '#core/audit/audit-actions.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import { auditLog } from '#server/db/schema/index.ts'

export interface AuditEntry {
  actorId: string | null
  action: AuditAction
  entityType: AuditEntityType
  entityId?: string | null
  before?: unknown
  after?: unknown
  requestId?: string | null
}

/** Record who did what to which record; call inside the transaction that made the change. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? null,
  })
}

/** Record a change made in `ctx`: the actor and request id come from the context. */
export async function auditChange(
  tx: Db,
  ctx: Pick<RequestContext, 'actor' | 'requestId'>,
  entry: Omit<AuditEntry, 'actorId' | 'requestId'>,
): Promise<void> {
  await recordAudit(tx, { ...entry, actorId: ctx.actor?.id ?? null, requestId: ctx.requestId })
}
