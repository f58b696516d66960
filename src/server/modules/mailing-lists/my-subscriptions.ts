import { and, asc, eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { mailingLists, mailingListSubscribers } from '#server/db/schema/index.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import { newToken } from './subscribe.ts'

export interface MySubscription {
  slug: string
  name: string
  description: string
  subscribed: boolean
}

/**
 * The public lists, each with whether the signed-in member's address is subscribed (issue 15 §5–6).
 * A private list they are on shows too, so they can leave it.
 */
export async function mySubscriptions(ctx: RequestContext): Promise<MySubscription[]> {
  const viewer = authenticate(ctx.actor)
  const rows = await ctx.services.db
    .select({
      slug: mailingLists.slug,
      name: mailingLists.name,
      description: mailingLists.description,
      isPublic: mailingLists.isPublic,
      status: mailingListSubscribers.status,
    })
    .from(mailingLists)
    .leftJoin(
      mailingListSubscribers,
      and(eq(mailingListSubscribers.listId, mailingLists.id), eq(mailingListSubscribers.email, viewer.email)),
    )
    .orderBy(asc(mailingLists.name))
  return rows
    .filter((r) => r.isPublic || r.status === 'subscribed')
    .map((r) => ({
      slug: r.slug,
      name: r.name,
      description: r.description,
      subscribed: r.status === 'subscribed',
    }))
}

/**
 * Subscribe the member's own address to a public list, or unsubscribe it from any list they are on.
 * Their address is verified (they signed in with it), so no double opt-in is needed; a bounced address
 * stays bounced.
 */
export async function setMySubscription(
  ctx: RequestContext,
  input: { slug: string; subscribed: boolean },
): Promise<MySubscription[]> {
  const viewer = authenticate(ctx.actor)
  const now = ctx.now()
  await withTx(ctx, async (tx) => {
    const [list] = await tx.select().from(mailingLists).where(eq(mailingLists.slug, input.slug))
    const [row] = list
      ? await tx
          .select()
          .from(mailingListSubscribers)
          .where(
            and(eq(mailingListSubscribers.listId, list.id), eq(mailingListSubscribers.email, viewer.email)),
          )
          .for('update')
      : []
    if (!list || (!list.isPublic && !row)) throw new AppError('NOT_FOUND', 'There is no such mailing list.')
    if (input.subscribed && !list.isPublic && row?.status !== 'subscribed') {
      throw new AppError('NOT_FOUND', 'There is no such mailing list.')
    }
    if (row?.status === 'bounced' && input.subscribed) {
      throw new AppError(
        'CONFLICT',
        'Mail to your address bounced from this list. Ask the committee to restore it.',
      )
    }
    if (input.subscribed) {
      if (row?.status === 'subscribed') return
      if (row) {
        await tx
          .update(mailingListSubscribers)
          .set({
            status: 'subscribed',
            userId: viewer.id,
            confirmedAt: now,
            unsubscribedAt: null,
            updatedAt: now,
          })
          .where(eq(mailingListSubscribers.id, row.id))
      } else {
        await tx.insert(mailingListSubscribers).values({
          listId: list.id,
          email: viewer.email,
          name: viewer.name,
          status: 'subscribed',
          source: 'profile',
          userId: viewer.id,
          unsubscribeToken: newToken(),
          confirmedAt: now,
        })
      }
    } else {
      if (!row || row.status !== 'subscribed') return
      await tx
        .update(mailingListSubscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now })
        .where(eq(mailingListSubscribers.id, row.id))
    }
    await auditChange(tx, ctx, {
      action: input.subscribed ? 'mailingList.subscriber.subscribe' : 'mailingList.subscriber.unsubscribe',
      entityType: 'mailingList',
      entityId: list.id,
      after: { email: viewer.email, via: 'profile' },
    })
  })
  return mySubscriptions(ctx)
}
