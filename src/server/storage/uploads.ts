import { and, desc, eq, inArray } from 'drizzle-orm'
import { rolesOf, type Role } from '#core/auth/roles.ts'
import type { Db } from '#server/db/client.ts'
import { auditLog, users } from '#server/db/schema/index.ts'

/** The audit action POST /api/files records for every stored upload. */
export const FILE_UPLOAD_ACTION = 'file.upload'

export interface UploadRecord {
  key: string
  uploader: { id: string; roles: Role[] } | null
  contentType: string
  size: number
}

/**
 * The upload records of these storage keys, newest first. A key without one was not uploaded
 * through POST /api/files (or is made up): its audit entry is the proof of who uploaded what.
 */
export async function findUploads(db: Db, keys: readonly string[]): Promise<UploadRecord[]> {
  if (!keys.length) return []
  const rows = await db
    .select({ key: auditLog.entityId, actorId: auditLog.actorId, after: auditLog.after, roles: users.roles })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.action, FILE_UPLOAD_ACTION),
        eq(auditLog.entityType, 'file'),
        inArray(auditLog.entityId, [...keys]),
      ),
    )
    .orderBy(desc(auditLog.id))
  return rows.map((row) => {
    const after = (row.after ?? {}) as { contentType?: unknown; size?: unknown }
    return {
      key: row.key ?? '',
      uploader: row.actorId ? { id: row.actorId, roles: rolesOf({ roles: row.roles ?? [] }) } : null,
      contentType: String(after.contentType ?? ''),
      size: Number(after.size ?? 0),
    }
  })
}
