import { and, eq, inArray } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { mailingListSubscribers } from '#server/db/schema/index.ts'
import type { OutboxRow } from '#server/mail/outbox.service.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { findListBySlug, type SubscriberRow } from './mailing-lists.queries.ts'

/** The statuses a bounce replaces: an address that still gets (or will get) list mail. */
const BOUNCEABLE = ['subscribed', 'unconfirmed'] as const

/**
 * Mark an address bounced on every list it still receives: a permanent failure means the mailbox
 * does not take mail, whichever list sent it. The send job sends only to `subscribed` rows, so a
 * bounced address is skipped from then on; unsubscribed rows stay unsubscribed. Audited per row
 * (`mailingList.bounce`, with `reason`).
 */
async function bounceAddress(ctx: RequestContext, email: string, reason: string): Promise<SubscriberRow[]> {
  return withTx(ctx, async (tx) => {
    const now = ctx.now()
    const rows = await tx
      .select()
      .from(mailingListSubscribers)
      .where(
        and(eq(mailingListSubscribers.email, email), inArray(mailingListSubscribers.status, [...BOUNCEABLE])),
      )
      .for('update')
    for (const row of rows) {
      await tx
        .update(mailingListSubscribers)
        .set({ status: 'bounced', updatedAt: now })
        .where(eq(mailingListSubscribers.id, row.id))
      await auditChange(tx, ctx, {
        action: 'mailingList.bounce',
        entityType: 'mailingListSubscriber',
        entityId: row.id,
        before: { status: row.status },
        after: { status: 'bounced', reason },
      })
    }
    return rows
  })
}

/** The unsubscribe token in a list message's List-Unsubscribe header, if any. */
export function tokenOfListMessage(row: Pick<OutboxRow, 'template' | 'headers'>): string | null {
  if (row.template !== 'mailing-list.message') return null
  const header = row.headers?.['List-Unsubscribe'] ?? ''
  const match = /\/unsubscribe\/([^/>]+)>/.exec(header)
  return match?.[1] ? decodeURIComponent(match[1]) : null
}

/**
 * The outbox's permanent-failure hook (an SMTP 5xx answer): a list message's address is marked
 * bounced. Other mail (confirmations, transactional) is left alone; its failure shows in the outbox.
 */
export async function bounceFromOutbox(ctx: RequestContext, row: OutboxRow): Promise<number> {
  const token = tokenOfListMessage(row)
  if (!token) return 0
  const [subscriber] = await ctx.services.db
    .select()
    .from(mailingListSubscribers)
    .where(eq(mailingListSubscribers.unsubscribeToken, token))
  if (!subscriber) return 0
  const bounced = await bounceAddress(ctx, subscriber.email, `smtp: ${row.lastError ?? 'permanent failure'}`)
  return bounced.length
}

/** An admin marks a subscriber bounced (e.g. a bounce report arrived by email). */
export async function markSubscriberBounced(
  ctx: RequestContext,
  slug: string,
  subscriberId: string,
): Promise<SubscriberRow> {
  authorize(ctx.actor, 'admin.mailingLists')
  const list = await findListBySlug(ctx.services.db, slug)
  const [subscriber] = await ctx.services.db
    .select()
    .from(mailingListSubscribers)
    .where(and(eq(mailingListSubscribers.id, subscriberId), eq(mailingListSubscribers.listId, list.id)))
  if (!subscriber) throw new AppError('NOT_FOUND', 'There is no such subscriber on this list.')
  if (subscriber.status === 'unsubscribed')
    throw new AppError('CONFLICT', 'This address has unsubscribed; it receives nothing already.')
  await bounceAddress(ctx, subscriber.email, 'marked by staff')
  const [after] = await ctx.services.db
    .select()
    .from(mailingListSubscribers)
    .where(eq(mailingListSubscribers.id, subscriber.id))
  return after!
}
