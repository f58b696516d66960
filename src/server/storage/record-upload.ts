import { and, eq, gt, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { auditLog } from '#server/db/schema/index.ts'
import type { RequestContext } from '#server/context.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import type { StoredObject } from './storage.ts'
import { FILE_UPLOAD_ACTION } from './uploads.ts'

/**
 * Record who uploaded a stored file: the audit entry is the proof `findUploads` reads back when a
 * key is attached to something later.
 */
export async function recordUpload(ctx: RequestContext, stored: StoredObject): Promise<void> {
  authenticate(ctx.actor)
  await auditChange(ctx.services.db, ctx, {
    action: FILE_UPLOAD_ACTION,
    entityType: 'file',
    entityId: stored.key,
    after: { size: stored.size, contentType: stored.contentType },
  })
}

const QUOTA_WINDOW_MS = 24 * 3_600_000

/** Bytes the actor uploaded in the last 24 hours (their upload records' sizes). */
export async function uploadedRecently(ctx: RequestContext, userId: string): Promise<number> {
  const since = new Date(ctx.now().getTime() - QUOTA_WINDOW_MS)
  const [row] = await ctx.services.db
    .select({ total: sql<string>`coalesce(sum((${auditLog.after} ->> 'size')::bigint), 0)` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, FILE_UPLOAD_ACTION),
        eq(auditLog.actorId, userId),
        gt(auditLog.createdAt, since),
      ),
    )
  return Number(row?.total ?? 0)
}

/** Refuse an upload once the member has used their 24-hour quota (UPLOAD_QUOTA_BYTES). */
export async function checkUploadQuota(ctx: RequestContext): Promise<void> {
  const actor = authenticate(ctx.actor)
  const quota = ctx.services.config.uploadQuotaBytes
  const used = await uploadedRecently(ctx, actor.id)
  if (used >= quota) {
    const mb = (n: number) => `${Math.round(n / 1_048_576)} MB`
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `You have uploaded ${mb(used)} in the last 24 hours, the most one member may (${mb(quota)}). Try again tomorrow.`,
    )
  }
}
