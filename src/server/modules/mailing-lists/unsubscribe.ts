import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { mailingLists, mailingListSubscribers } from '#server/db/schema/index.ts'

export interface UnsubscribeView {
  listName: string
  /** The address, partly hidden: the link may have been forwarded. */
  email: string
  subscribed: boolean
}

/** `jo***@example.com`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 2)}***@${domain}`
}

const INVALID = 'This unsubscribe link is not valid.'

async function find(ctx: RequestContext, token: string) {
  const [row] = await ctx.services.db
    .select({ subscriber: mailingListSubscribers, listName: mailingLists.name })
    .from(mailingListSubscribers)
    .innerJoin(mailingLists, eq(mailingLists.id, mailingListSubscribers.listId))
    .where(eq(mailingListSubscribers.unsubscribeToken, token))
  if (!row) throw new AppError('NOT_FOUND', INVALID)
  return row
}

/** What the unsubscribe page shows before the visitor presses the button. */
export async function describeUnsubscribe(ctx: RequestContext, token: string): Promise<UnsubscribeView> {
  const { subscriber, listName } = await find(ctx, token)
  return { listName, email: maskEmail(subscriber.email), subscribed: subscriber.status !== 'unsubscribed' }
}

/**
 * One click, no sign-in (RFC 8058): the token in the link is the only key. Unsubscribing twice is
 * fine; a made-up token is NOT_FOUND.
 */
export async function unsubscribe(ctx: RequestContext, token: string): Promise<UnsubscribeView> {
  const { subscriber, listName } = await find(ctx, token)
  if (subscriber.status !== 'unsubscribed') {
    const now = ctx.now()
    await withTx(ctx, async (tx) => {
      await tx
        .update(mailingListSubscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now })
        .where(eq(mailingListSubscribers.id, subscriber.id))
      await auditChange(tx, ctx, {
        action: 'mailingList.unsubscribe',
        entityType: 'mailingListSubscriber',
        entityId: subscriber.id,
        before: { status: subscriber.status },
        after: { status: 'unsubscribed' },
      })
    })
  }
  return { listName, email: maskEmail(subscriber.email), subscribed: false }
}
