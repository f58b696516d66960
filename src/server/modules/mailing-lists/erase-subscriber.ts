import { and, eq, inArray, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import {
  auditLog,
  mailingListConfirmations,
  mailingListSubscribers,
  outbox,
} from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { findListBySlug } from './mailing-lists.queries.ts'

/** The list mail templates whose rows hold a subscriber's address. */
const LIST_TEMPLATES = ['mailing-list.message', 'mailing-list.confirm']

export interface EraseResult {
  /** Rows removed from lists (one per list the address was on). */
  lists: number
}

/**
 * Erase an address from the mailing lists for a GDPR request: its row on every list, its pending
 * opt-in links, list mail not yet sent to it, and the address in the history (audit entries of its
 * rows; list mail already sent keeps its subject, to a redacted address). An account with that
 * address stays (deleting an account is the member's or a society admin's, elsewhere); so does a
 * member's own profile choice. Audited once, without the address.
 */
export async function eraseMailingListSubscriber(
  ctx: RequestContext,
  slug: string,
  subscriberId: string,
): Promise<EraseResult> {
  authorize(ctx.actor, 'admin.mailingLists')
  const list = await findListBySlug(ctx.services.db, slug)
  return withTx(ctx, async (tx) => {
    const [subscriber] = await tx
      .select()
      .from(mailingListSubscribers)
      .where(and(eq(mailingListSubscribers.id, subscriberId), eq(mailingListSubscribers.listId, list.id)))
      .for('update')
    if (!subscriber) throw new AppError('NOT_FOUND', 'There is no such subscriber on this list.')
    const email = subscriber.email
    const rows = await tx
      .delete(mailingListSubscribers)
      .where(eq(mailingListSubscribers.email, email))
      .returning({ id: mailingListSubscribers.id })
    await tx.delete(mailingListConfirmations).where(eq(mailingListConfirmations.email, email))
    await tx
      .delete(outbox)
      .where(
        and(
          eq(outbox.to, email),
          inArray(outbox.template, LIST_TEMPLATES),
          inArray(outbox.status, ['queued', 'failed']),
        ),
      )
    await tx
      .update(outbox)
      .set({ to: 'erased@invalid', text: '', html: null, headers: null })
      .where(and(eq(outbox.to, email), inArray(outbox.template, LIST_TEMPLATES)))
    await tx
      .update(auditLog)
      .set({ before: null, after: sql`jsonb_build_object('erased', true)` })
      .where(
        and(
          eq(auditLog.entityType, 'mailingListSubscriber'),
          inArray(
            auditLog.entityId,
            rows.map((r) => r.id),
          ),
        ),
      )
    await auditChange(tx, ctx, {
      action: 'mailingList.erase',
      entityType: 'mailingList',
      entityId: list.id,
      before: null,
      after: { lists: rows.length },
    })
    return { lists: rows.length }
  })
}
