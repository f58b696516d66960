import { eq, inArray } from 'drizzle-orm'
import {
  canCancelMessage,
  composeSchema,
  scheduleProblem,
  sendMessageSchema,
} from '#core/mailing-lists/mailing-list.ts'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { mailingListMessages, mailingLists } from '#server/db/schema/index.ts'
import { renderMarkdown } from '#server/content/markdown.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import { listMessage } from './list-email.ts'
import { queueListMessage, sendJobKey } from './mailing-lists.jobs.ts'
import {
  countRecipients,
  findListBySlug,
  type ListMessageRow,
  type MailingListRow,
} from './mailing-lists.queries.ts'

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

/** The lists a message goes to, in the order given; an unknown slug is NOT_FOUND. */
async function listsBySlug(tx: Tx, slugs: readonly string[]): Promise<MailingListRow[]> {
  const rows = await tx
    .select()
    .from(mailingLists)
    .where(inArray(mailingLists.slug, [...slugs]))
  return slugs.map((slug) => {
    const list = rows.find((r) => r.slug === slug)
    if (!list) throw new AppError('NOT_FOUND', `There is no mailing list at "${slug}".`)
    return list
  })
}

/**
 * Send a message to every subscribed address of one or more lists (`slug` first, then `alsoTo`),
 * each address once: recorded, then queued in throttled batches by a durable job
 * (`mailing.send-batch`), whose progress the admin page shows. With `sendAt` the message waits,
 * scheduled, until then (and can be cancelled until it goes).
 */
export async function sendListMessage(
  ctx: RequestContext,
  slug: string,
  raw: { subject: unknown; markdown: unknown; alsoTo?: readonly string[] | null; sendAt?: unknown },
): Promise<ListMessageRow> {
  const actor = authorize(ctx.actor, 'admin.mailingLists')
  const parsed = sendMessageSchema.safeParse({
    subject: raw.subject,
    markdown: raw.markdown,
    lists: [slug, ...(raw.alsoTo ?? [])],
    sendAt: raw.sendAt ?? null,
  })
  if (!parsed.success) throw validationError(parsed.error.issues)
  const { sendAt } = parsed.data
  const problem = scheduleProblem(sendAt, ctx.now())
  if (problem) throw new AppError('VALIDATION', problem, { fields: [{ path: 'sendAt', message: problem }] })
  return withTx(ctx, async (tx) => {
    const lists = await listsBySlug(tx, parsed.data.lists)
    const listIds = lists.map((l) => l.id)
    const total = await countRecipients(tx, listIds)
    if (!total) {
      throw new AppError(
        'CONFLICT',
        lists.length > 1
          ? 'Nobody is subscribed to these lists yet.'
          : 'Nobody is subscribed to this list yet.',
      )
    }
    const [message] = await tx
      .insert(mailingListMessages)
      .values({
        listId: listIds[0]!,
        listIds,
        subject: parsed.data.subject,
        markdown: parsed.data.markdown,
        total,
        sentBy: actor.id,
        status: sendAt ? 'scheduled' : 'sending',
        sendAt,
      })
      .returning()
    await auditChange(tx, ctx, {
      action: 'mailingList.send',
      entityType: 'mailingListMessage',
      entityId: message!.id,
      before: null,
      after: {
        subject: message!.subject,
        total: message!.total,
        lists: lists.map((l) => l.slug),
        sendAt: sendAt?.toISOString() ?? null,
      },
    })
    await queueListMessage(ctx, tx, message!.id, sendAt)
    return message!
  })
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Cancel a scheduled message before it goes: nothing is sent; audited. */
export async function cancelListMessage(ctx: RequestContext, id: string): Promise<ListMessageRow> {
  authorize(ctx.actor, 'admin.mailingLists')
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', 'There is no such message.')
  return withTx(ctx, async (tx) => {
    const [message] = await tx
      .select()
      .from(mailingListMessages)
      .where(eq(mailingListMessages.id, id))
      .for('update')
    if (!message) throw new AppError('NOT_FOUND', 'There is no such message.')
    if (!canCancelMessage(message.status)) {
      throw new AppError(
        'CONFLICT',
        message.status === 'cancelled'
          ? 'This message was already cancelled.'
          : 'This message has already started sending; it can no longer be cancelled.',
      )
    }
    const [after] = await tx
      .update(mailingListMessages)
      .set({ status: 'cancelled', cancelledAt: ctx.now() })
      .where(eq(mailingListMessages.id, id))
      .returning()
    await ctx.services.queue.cancel(sendJobKey(id), tx)
    await auditChange(tx, ctx, {
      action: 'mailingList.cancelSend',
      entityType: 'mailingListMessage',
      entityId: id,
      before: { status: message.status, sendAt: message.sendAt?.toISOString() ?? null },
      after: { status: 'cancelled' },
    })
    return after!
  })
}
