import { and, asc, eq, gt, inArray, lt, min, sql } from 'drizzle-orm'
import { dedupeByAddress, UNCONFIRMED_RETENTION_MS } from '#core/mailing-lists/mailing-list.ts'
import { systemContext, withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { mailingListMessages, mailingLists, mailingListSubscribers } from '#server/db/schema/index.ts'
import type { Services } from '#server/services.ts'
import { listMessage } from './list-email.ts'
import { bounceFromOutbox } from './mark-bounced.ts'
import { countRecipients } from './mailing-lists.queries.ts'
import { z } from 'zod'
import { ANY_PAYLOAD } from '#server/jobs/queue.ts'

/** Queues one batch of a list message into the outbox, then schedules the next batch. */
export const SEND_LIST_MESSAGE_JOB = 'mailing.send-batch'
/** Removes addresses left unconfirmed for 7 days. */
export const CLEANUP_UNCONFIRMED_JOB = 'mailing.cleanup-unconfirmed'

/** The first send job of a message: the one a cancel removes. */
export const sendJobKey = (messageId: string) => `mailing-send:${messageId}`

/** Start sending a message (in the transaction that created it), now or at `sendAt`. */
export async function queueListMessage(
  ctx: RequestContext,
  tx: Tx,
  messageId: string,
  sendAt: Date | null = null,
): Promise<void> {
  await ctx.services.queue.enqueue(
    SEND_LIST_MESSAGE_JOB,
    { messageId },
    { tx, singletonKey: sendJobKey(messageId), maxAttempts: 10, ...(sendAt ? { runAt: sendAt } : {}) },
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
 * One batch: the next `sendBatch` subscribed addresses after the cursor (in address order, each once
 * across the message's lists) go to the outbox (which sends them with its own retries), in one
 * transaction with the cursor's move, so a crash repeats nothing and skips nothing. The next batch
 * runs `sendIntervalMs` later: the throttle. A scheduled message starts at its time (by the app's
 * clock; a job run early waits again); a cancelled one sends nothing.
 */
async function sendBatch(ctx: RequestContext, messageId: string): Promise<void> {
  const { sendBatch: size, sendIntervalMs } = ctx.services.config.mailing
  await withTx(ctx, async (tx) => {
    const [message] = await tx
      .select()
      .from(mailingListMessages)
      .where(eq(mailingListMessages.id, messageId))
      .for('update')
    if (!message || message.status === 'sent' || message.status === 'cancelled') return
    const now = ctx.now()
    if (message.status === 'scheduled') {
      if (message.sendAt && message.sendAt.getTime() > now.getTime()) {
        await ctx.services.queue.enqueue(
          SEND_LIST_MESSAGE_JOB,
          { messageId },
          // No singleton key: this job still holds its own while it runs (and a cancel is read above).
          { tx, runAt: message.sendAt, maxAttempts: 10 },
        )
        return
      }
      // Its time has come: who is subscribed now is who receives it.
      const listIds = message.listIds.length ? message.listIds : [message.listId]
      message.total = await countRecipients(tx, listIds)
      message.status = 'sending'
    }
    const listIds = message.listIds.length ? message.listIds : [message.listId]
    const lists = await tx.select().from(mailingLists).where(inArray(mailingLists.id, listIds))
    if (lists.length === 0) return
    // Each address once: its row on the first of the message's lists it is subscribed to.
    const rows = await tx
      .selectDistinctOn([mailingListSubscribers.email])
      .from(mailingListSubscribers)
      .where(
        and(
          inArray(mailingListSubscribers.listId, listIds),
          eq(mailingListSubscribers.status, 'subscribed'),
          message.cursorEmail ? gt(mailingListSubscribers.email, message.cursorEmail) : undefined,
        ),
      )
      .orderBy(
        asc(mailingListSubscribers.email),
        sql`array_position(array[${sql.join(
          listIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}], ${mailingListSubscribers.listId})`,
      )
      .limit(size)
    const batch = dedupeByAddress(rows, listIds)
    for (const subscriber of batch) {
      const list = lists.find((l) => l.id === subscriber.listId)!
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
        status: done ? 'sent' : 'sending',
        total: message.total,
        queued: message.queued + batch.length,
        cursorEmail: batch.at(-1)?.email ?? message.cursorEmail,
        ...(done ? { finishedAt: now } : {}),
      })
      .where(eq(mailingListMessages.id, message.id))
    if (!done) {
      await ctx.services.queue.enqueue(
        SEND_LIST_MESSAGE_JOB,
        { messageId },
        {
          tx,
          runAt: new Date(now.getTime() + sendIntervalMs),
          singletonKey: `${sendJobKey(messageId)}:${String(message.queued + batch.length)}`,
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
  services.queue.register(SEND_LIST_MESSAGE_JOB, z.object({ messageId: z.string() }), ({ messageId }) =>
    sendBatch(systemContext(services, `job:${SEND_LIST_MESSAGE_JOB}`), messageId),
  )
  services.queue.register(CLEANUP_UNCONFIRMED_JOB, ANY_PAYLOAD, () =>
    cleanupUnconfirmed(systemContext(services, `job:${CLEANUP_UNCONFIRMED_JOB}`)),
  )
}
