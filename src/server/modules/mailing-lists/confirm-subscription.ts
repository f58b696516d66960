import { and, eq, inArray } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { confirmationUsable } from '#core/mailing-lists/mailing-list.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { mailingListConfirmations, mailingLists, mailingListSubscribers } from '#server/db/schema/index.ts'
import { listMessage } from './list-email.ts'
import { hashToken } from './subscribe.ts'

/**
 * Follow a double opt-in link: once, within 7 days. The address becomes subscribed to the lists it
 * asked for, and each list's welcome message (if any) is sent.
 */
export async function confirmSubscription(ctx: RequestContext, token: string): Promise<{ lists: string[] }> {
  const now = ctx.now()
  return withTx(ctx, async (tx) => {
    const [confirmation] = await tx
      .select()
      .from(mailingListConfirmations)
      .where(eq(mailingListConfirmations.tokenHash, hashToken(token)))
      .for('update')
    if (!confirmation) throw new AppError('NOT_FOUND', 'This confirmation link is not valid.')
    const usable = confirmationUsable(confirmation, now)
    if (usable === 'used') throw new AppError('CONFLICT', 'This confirmation link has already been used.')
    if (usable === 'expired') {
      throw new AppError('BAD_REQUEST', 'This confirmation link has expired. Sign up again for a new one.')
    }
    await tx
      .update(mailingListConfirmations)
      .set({ usedAt: now })
      .where(eq(mailingListConfirmations.id, confirmation.id))
    const confirmed = await tx
      .update(mailingListSubscribers)
      .set({ status: 'subscribed', confirmedAt: now, unsubscribedAt: null, updatedAt: now })
      .where(
        and(
          eq(mailingListSubscribers.email, confirmation.email),
          inArray(mailingListSubscribers.listId, confirmation.listIds),
          inArray(mailingListSubscribers.status, ['unconfirmed', 'unsubscribed']),
        ),
      )
      .returning()
    const lists = confirmation.listIds.length
      ? await tx.select().from(mailingLists).where(inArray(mailingLists.id, confirmation.listIds))
      : []
    for (const subscriber of confirmed) {
      const list = lists.find((l) => l.id === subscriber.listId)
      await auditChange(tx, ctx, {
        action: 'mailingList.confirm',
        entityType: 'mailingListSubscriber',
        entityId: subscriber.id,
        before: null,
        after: { status: subscriber.status },
      })
      if (list?.welcomeMessage) {
        await ctx.services.mailer.queue(
          listMessage(ctx.services.config, {
            to: subscriber.email,
            listName: list.name,
            subject: `Welcome to ${list.name}`,
            markdown: list.welcomeMessage,
            unsubscribeToken: subscriber.unsubscribeToken,
          }),
          tx,
        )
      }
    }
    return { lists: lists.map((l) => l.name) }
  })
}
