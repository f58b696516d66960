import { eq, sql } from 'drizzle-orm'
import { importPlan, type ImportPlan } from '#core/mailing-lists/import-plan.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { mailingListSubscribers } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { findListBySlug } from './mailing-lists.queries.ts'
import { newToken } from './subscribe.ts'

const MAX_CSV_CHARS = 10_000_000
const CHUNK = 500

/**
 * Import a subscriber CSV. A dry run answers what would change (and every bad row by its line); a
 * real run with any bad row imports nothing. Unsubscribed addresses stay unsubscribed.
 */
export async function importSubscribers(
  ctx: RequestContext,
  input: { slug: string; csv: string; dryRun: boolean },
): Promise<ImportPlan> {
  authorize(ctx.actor, 'admin.mailingLists')
  const { db } = ctx.services
  const list = await findListBySlug(db, input.slug)
  if (input.csv.length > MAX_CSV_CHARS) {
    return {
      changes: [],
      problems: [{ line: 1, message: 'The file is larger than 10 MB. Split it and import each part.' }],
      counts: { add: 0, update: 0, unchanged: 0, 'keep-unsubscribed': 0 },
    }
  }
  const existing = await db
    .select({
      email: mailingListSubscribers.email,
      name: mailingListSubscribers.name,
      status: mailingListSubscribers.status,
    })
    .from(mailingListSubscribers)
    .where(eq(mailingListSubscribers.listId, list.id))
  const plan = importPlan(input.csv, existing)
  if (input.dryRun || plan.problems.length > 0) return plan

  const now = ctx.now()
  const writes = plan.changes.filter((c) => c.action === 'add' || c.action === 'update')
  await withTx(ctx, async (tx) => {
    for (let i = 0; i < writes.length; i += CHUNK) {
      await tx
        .insert(mailingListSubscribers)
        .values(
          writes.slice(i, i + CHUNK).map((c) => ({
            listId: list.id,
            email: c.email,
            name: c.name,
            status: c.status,
            source: 'import' as const,
            unsubscribeToken: newToken(),
            confirmedAt: c.status === 'subscribed' ? now : null,
            unsubscribedAt: c.status === 'unsubscribed' ? now : null,
          })),
        )
        .onConflictDoUpdate({
          target: [mailingListSubscribers.listId, mailingListSubscribers.email],
          set: {
            name: sql`excluded.name`,
            // An unsubscribe is never undone by an import (the plan already says so; this makes sure).
            status: sql`case when ${mailingListSubscribers.status} = 'unsubscribed' then 'unsubscribed' else excluded.status end`,
            updatedAt: now,
          },
        })
    }
    await auditChange(tx, ctx, {
      action: 'mailingList.import',
      entityType: 'mailingList',
      entityId: list.id,
      before: null,
      after: plan.counts,
    })
  })
  return plan
}
