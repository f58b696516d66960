import { and, count, eq } from 'drizzle-orm'
import { composeSchema } from '#core/mailing-lists/mailing-list.ts'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { mailingListMessages, mailingListSubscribers } from '#server/db/schema/index.ts'
import { renderMarkdown } from '#server/content/markdown.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import { listMessage } from './list-email.ts'
import { queueListMessage } from './mailing-lists.jobs.ts'
import { findListBySlug, type ListMessageRow } from './mailing-lists.queries.ts'

/** The message as it will look (sanitised HTML), for the compose preview. */
export function previewListMessage(ctx: RequestContext, markdown: string): string {
  authorize(ctx.actor, 'admin.mailingLists')
  return renderMarkdown(markdown)
}

/** Send the message to the admin's own address only, with the same headers and footer. */
export async function sendTestListMessage(ctx: RequestContext, slug: string, raw: unknown): Promise<string> {
  const actor = authorize(ctx.actor, 'admin.mailingLists')
  const parsed = composeSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const list = await findListBySlug(ctx.services.db, slug)
  if (!actor.email) throw new AppError('BAD_REQUEST', 'Your account has no email address to send a test to.')
  await ctx.services.mailer.queue(
    listMessage(ctx.services.config, {
      to: actor.email,
      listName: list.name,
      subject: `[Test] ${parsed.data.subject}`,
      markdown: parsed.data.markdown,
      unsubscribeToken: 'test-send-not-a-subscriber',
    }),
  )
  return actor.email
}

/**
 * Send a message to every subscribed address of a list: recorded, then queued in throttled batches
 * by a durable job (`mailing.send-batch`), whose progress the admin page shows.
 */
export async function sendListMessage(
  ctx: RequestContext,
  slug: string,
  raw: unknown,
): Promise<ListMessageRow> {
  const actor = authorize(ctx.actor, 'admin.mailingLists')
  const parsed = composeSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const list = await findListBySlug(ctx.services.db, slug)
  return withTx(ctx, async (tx) => {
    const [total] = await tx
      .select({ n: count() })
      .from(mailingListSubscribers)
      .where(and(eq(mailingListSubscribers.listId, list.id), eq(mailingListSubscribers.status, 'subscribed')))
    if (!total?.n) throw new AppError('CONFLICT', 'Nobody is subscribed to this list yet.')
    const [message] = await tx
      .insert(mailingListMessages)
      .values({
        listId: list.id,
        subject: parsed.data.subject,
        markdown: parsed.data.markdown,
        total: total.n,
        sentBy: actor.id,
      })
      .returning()
    await auditChange(tx, ctx, {
      action: 'mailingList.send',
      entityType: 'mailingListMessage',
      entityId: message!.id,
      before: null,
      after: { subject: message!.subject, total: message!.total },
    })
    await queueListMessage(ctx, tx, message!.id)
    return message!
  })
}
