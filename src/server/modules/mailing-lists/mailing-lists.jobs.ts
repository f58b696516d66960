import { and, asc, eq, gt, lt, min, sql } from 'drizzle-orm'
import { UNCONFIRMED_RETENTION_MS } from '#core/mailing-lists/mailing-list.ts'
import { systemContext, withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { mailingListMessages, mailingLists, mailingListSubscribers } from '#server/db/schema/index.ts'
import type { Services } from '#server/services.ts'
import { listMessage } from './list-email.ts'
import { bounceFromOutbox } from './mark-bounced.ts'

/** Queues one batch of a list message into the outbox, then schedules the next batch. */
export const SEND_LIST_MESSAGE_JOB = 'mailing.send-batch'
/** Removes addresses left unconfirmed for 7 days. */
export const CLEANUP_UNCONFIRMED_JOB = 'mailing.cleanup-unconfirmed'

/** Start sending a message (in the transaction that created it). */
export async function queueListMessage(ctx: RequestContext, tx: Tx, messageId: string): Promise<void> {
  await ctx.services.queue.enqueue(
    SEND_LIST_MESSAGE_JOB,
    { messageId },
    { tx, singletonKey: `mailing-send:${messageId}`, maxAttempts: 10 },
  )
}

/** Make sure a cleanup runs when the oldest unconfirmed address reaches 7 days. */
export async function scheduleUnconfirmedCleanup(
  ctx: RequestContext,
  tx: Tx,
  createdAt: Date,
): Promise<void> {
  await ctx.services.queue.enqueue(
    CLEANUP_UNCONFIRMED_JOB,
    {},
    { tx, singletonKey: 'mailing-cleanup', runAt: new Date(createdAt.getTime() + UNCONFIRMED_RETENTION_MS) },
  )
}

/**
 * One batch: the next `sendBatch` subscribed addresses after the cursor go to the outbox (which
 * sends them with its own retries), in one transaction with the cursor's move, so a crash repeats
 * nothing and skips nothing. The next batch runs `sendIntervalMs` later: the throttle.
 */
async function sendBatch(ctx: RequestContext, messageId: string): Promise<void> {
  const { sendBatch: size, sendIntervalMs } = ctx.services.config.mailing
  await withTx(ctx, async (tx) => {
    const [message] = await tx
      .select()
      .from(mailingListMessages)
      .where(eq(mailingListMessages.id, messageId))
      .for('update')
    if (!message || message.status === 'sent') return
    const [list] = await tx.select().from(mailingLists).where(eq(mailingLists.id, message.listId))
    if (!list) return
    const batch = await tx
      .select()
      .from(mailingListSubscribers)
      .where(
        and(
          eq(mailingListSubscribers.listId, list.id),
          eq(mailingListSubscribers.status, 'subscribed'),
          message.cursor ? gt(mailingListSubscribers.id, message.cursor) : undefined,
        ),
      )
      .orderBy(asc(mailingListSubscribers.id))
      .limit(size)
    for (const subscriber of batch) {
      await ctx.services.mailer.queue(
        listMessage(ctx.services.config, {
          to: subscriber.email,
          listName: list.name,
          subject: message.subject,
          markdown: message.markdown,
          unsubscribeToken: subscriber.unsubscribeToken,
        }),
        tx,
      )
    }
    const done = batch.length < size
    await tx
      .update(mailingListMessages)
      .set({
        queued: message.queued + batch.length,
        cursor: batch.at(-1)?.id ?? message.cursor,
        ...(done ? { status: 'sent' as const, finishedAt: ctx.now() } : {}),
      })
      .where(eq(mailingListMessages.id, message.id))
    if (!done) {
      await ctx.services.queue.enqueue(
        SEND_LIST_MESSAGE_JOB,
        { messageId },
        {
          tx,
          runAt: new Date(ctx.now().getTime() + sendIntervalMs),
          singletonKey: `mailing-send:${messageId}:${String(message.queued + batch.length)}`,
          maxAttempts: 10,
        },
      )
    }
  })
}

/** Delete addresses unconfirmed for 7 days; come back when the next oldest one is due. */
async function cleanupUnconfirmed(ctx: RequestContext): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - UNCONFIRMED_RETENTION_MS)
  await withTx(ctx, async (tx) => {
    await tx
      .delete(mailingListSubscribers)
      .where(
        and(eq(mailingListSubscribers.status, 'unconfirmed'), lt(mailingListSubscribers.createdAt, cutoff)),
      )
    const [next] = await tx
      .select({ oldest: min(mailingListSubscribers.createdAt) })
      .from(mailingListSubscribers)
      .where(sql`${mailingListSubscribers.status} = 'unconfirmed'`)
    if (next?.oldest) {
      await ctx.services.queue.enqueue(
        CLEANUP_UNCONFIRMED_JOB,
        {},
        {
          tx,
          singletonKey: `mailing-cleanup:${String(next.oldest.getTime())}`,
          runAt: new Date(next.oldest.getTime() + UNCONFIRMED_RETENTION_MS),
        },
      )
    }
  })
}

export function registerMailingListJobs(services: Services): void {
  services.mailer.onPermanentFailure(async (row) => {
    await bounceFromOutbox(systemContext(services, `outbox:${String(row.id)}`), row)
  })
  services.queue.register<{ messageId: string }>(SEND_LIST_MESSAGE_JOB, ({ messageId }) =>
    sendBatch(systemContext(services, `job:${SEND_LIST_MESSAGE_JOB}`), messageId),
  )
  services.queue.register(CLEANUP_UNCONFIRMED_JOB, () =>
    cleanupUnconfirmed(systemContext(services, `job:${CLEANUP_UNCONFIRMED_JOB}`)),
  )
}
