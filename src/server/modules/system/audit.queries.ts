import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { RequestContext } from '#server/context.ts'
import { auditLog } from '#server/db/schema/index.ts'
import { pageSize } from '#server/graphql/limits.ts'
import { authorize } from '#server/modules/shared/guards.ts'

export type AuditRow = typeof auditLog.$inferSelect

export interface AuditFilter {
  entityType?: string | null
  entityId?: string | null
  limit?: number | null
  offset?: number | null
}

/** Recent changes, newest first, of one kind of record or one record when asked (superAdmin, boardMember). */
export function listAuditEntries(ctx: RequestContext, filter: AuditFilter): Promise<AuditRow[]> {
  authorize(ctx.actor, 'admin.audit')
  const filters: SQL[] = []
  if (filter.entityType) filters.push(eq(auditLog.entityType, filter.entityType))
  if (filter.entityId) filters.push(eq(auditLog.entityId, filter.entityId))
  return ctx.services.db
    .select()
    .from(auditLog)
    .where(and(...filters))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize(filter.limit))
    .offset(Math.max(filter.offset ?? 0, 0))
}
