import type { AuditAction } from '#core/audit/audit-actions.ts'
import { and, eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { applications } from '#server/db/schema/index.ts'

export type ApplicationRow = typeof applications.$inferSelect

/** What a guarded update may change; the version and `updatedAt` follow by themselves. */
export type ApplicationChanges = Partial<
  Pick<ApplicationRow, 'status' | 'statusChangedAt' | 'offerExpiresAt' | 'answers' | 'part'>
>

/** The refusal for a version older than the row's: someone else's change came first. */
export const STALE_MESSAGE = 'Someone else changed this application meanwhile. Reload to see their change.'

/** Lock an application row for the rest of the transaction; NOT_FOUND when there is none. */
export async function lockApplication(tx: Tx, id: string): Promise<ApplicationRow> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update')
  if (!row) throw new AppError('NOT_FOUND', 'No such application.')
  return row
}

/** What the audit log keeps of an application by default: the fields staff decisions change. */
export function auditable(row: ApplicationRow) {
  return {
    status: row.status,
    part: row.part,
    offerExpiresAt: row.offerExpiresAt,
    version: row.version,
  }
}

export interface ApplicationUpdate {
  applicationId: string
  /** The version the caller's screen showed; a newer one on the row is CONFLICT (`staleMessage`). */
  expectedVersion?: number | undefined
  staleMessage?: string
  /** Refusals that say more than "stale", made on the locked row before its version is compared. */
  check?: (before: ApplicationRow) => void | Promise<void>
  /** The changes, worked out from the locked row (they may refuse too). */
  changes: (before: ApplicationRow) => ApplicationChanges | Promise<ApplicationChanges>
  /** The audit entry: its action, and what it keeps of the row before and after (`auditable`). */
  audit: { action: AuditAction; view?: (row: ApplicationRow) => unknown }
  /** When the change happens (`updatedAt`); the context's clock by default. */
  now?: Date
}

/**
 * The one guarded, versioned write of an application, inside `tx`: lock the row, refuse what
 * `check` refuses, refuse a stale `expectedVersion`, write the changes with the next version (only
 * if the version is still the one read) and audit before and after. The status machine
 * (`changeStatus`), the member's answers and casting's part assignment all go through it.
 */
export async function updateApplication(
  ctx: RequestContext,
  tx: Tx,
  update: ApplicationUpdate,
): Promise<{ before: ApplicationRow; after: ApplicationRow }> {
  const before = await lockApplication(tx, update.applicationId)
  await update.check?.(before)
  if (update.expectedVersion !== undefined && before.version !== update.expectedVersion) {
    throw new AppError('CONFLICT', update.staleMessage ?? STALE_MESSAGE)
  }
  const changes = await update.changes(before)
  const [after] = await tx
    .update(applications)
    .set({ ...changes, version: before.version + 1, updatedAt: update.now ?? ctx.now() })
    .where(and(eq(applications.id, before.id), eq(applications.version, before.version)))
    .returning()
  if (!after) throw new AppError('CONFLICT', 'Someone else changed this application meanwhile.')
  const view = update.audit.view ?? auditable
  await auditChange(tx, ctx, {
    action: update.audit.action,
    entityType: 'application',
    entityId: before.id,
    before: view(before),
    after: view(after),
  })
  return { before, after }
}

/**
 * Bump a locked application's version without changing anything else (no audit entry: the caller
 * audits what it did, e.g. a payment), so screens that compare versions notice the change.
 */
export async function touchApplication(
  ctx: RequestContext,
  tx: Tx,
  row: ApplicationRow,
): Promise<ApplicationRow> {
  const [bumped] = await tx
    .update(applications)
    .set({ version: row.version + 1, updatedAt: ctx.now() })
    .where(eq(applications.id, row.id))
    .returning()
  if (!bumped) throw new AppError('NOT_FOUND', 'No such application.')
  return bumped
}
