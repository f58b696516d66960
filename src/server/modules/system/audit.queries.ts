import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm'
import type { AuditEntityType } from '#core/audit/audit-actions.ts'
import { AppError } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import { auditLog, users } from '#server/db/schema/index.ts'
import { pageSize } from '#server/graphql/limits.ts'
import { authorize } from '#server/modules/shared/guards.ts'

export type AuditRow = typeof auditLog.$inferSelect

export interface AuditFilter {
  entityType?: AuditEntityType | null
  entityId?: string | null
  /** Part of the actor's name or email. */
  actor?: string | null
  /** Entries on or after this day (YYYY-MM-DD, UTC). */
  from?: string | null
  /** Entries on or before this day (YYYY-MM-DD, UTC). */
  to?: string | null
  limit?: number | null
  offset?: number | null
}

/** Recent changes, newest first, of one kind of record or one record when asked (superAdmin, boardMember). */
export function listAuditEntries(ctx: RequestContext, filter: AuditFilter): Promise<AuditRow[]> {
  authorize(ctx.actor, 'admin.audit')
  const filters: SQL[] = []
  if (filter.entityType) filters.push(eq(auditLog.entityType, filter.entityType))
  if (filter.entityId) filters.push(eq(auditLog.entityId, filter.entityId))
  const actor = filter.actor?.trim()
  if (actor) {
    const like = `%${actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const matching = ctx.services.db
      .select({ id: users.id })
      .from(users)
      .where(or(ilike(users.name, like), ilike(users.email, like)))
    filters.push(inArray(auditLog.actorId, matching))
  }
  const day = (value: string, path: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
      const message = 'Give the date as YYYY-MM-DD.'
      throw new AppError('VALIDATION', message, { fields: [{ path, message }] })
    }
    return new Date(`${value}T00:00:00Z`)
  }
  if (filter.from) filters.push(gte(auditLog.createdAt, day(filter.from, 'from')))
  if (filter.to) filters.push(lt(auditLog.createdAt, new Date(day(filter.to, 'to').getTime() + 86_400_000)))
  return ctx.services.db
    .select()
    .from(auditLog)
    .where(and(...filters))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize(filter.limit))
    .offset(Math.max(filter.offset ?? 0, 0))
}
