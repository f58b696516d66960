import { and, eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { addSubscriberSchema } from '#core/mailing-lists/mailing-list.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { mailingListSubscribers } from '#server/db/schema/index.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import { findListBySlug, type SubscriberRow } from './mailing-lists.queries.ts'
import { newToken } from './subscribe.ts'

/**
 * An admin adds one address as subscribed (they vouch for its consent). An address already on the
 * list is CONFLICT: an unsubscribe is never undone from here.
 */
export async function addSubscriber(ctx: RequestContext, slug: string, raw: unknown): Promise<SubscriberRow> {
  authorize(ctx.actor, 'admin.mailingLists')
  const parsed = addSubscriberSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const list = await findListBySlug(ctx.services.db, slug)
  return withTx(ctx, async (tx) => {
    const [existing] = await tx
      .select()
      .from(mailingListSubscribers)
      .where(
        and(eq(mailingListSubscribers.listId, list.id), eq(mailingListSubscribers.email, parsed.data.email)),
      )
    if (existing) {
      const message = `${parsed.data.email} is already on this list (${existing.status}).`
      throw new AppError('CONFLICT', message, { fields: [{ path: 'email', message }] })
    }
    const now = ctx.now()
    const [row] = await tx
      .insert(mailingListSubscribers)
      .values({
        listId: list.id,
        email: parsed.data.email,
        name: parsed.data.name,
        status: 'subscribed',
        source: 'admin',
        unsubscribeToken: newToken(),
        confirmedAt: now,
      })
      .returning()
    await auditChange(tx, ctx, {
      action: 'mailingList.addSubscriber',
      entityType: 'mailingListSubscriber',
      entityId: row!.id,
      before: null,
      after: row,
    })
    return row!
  })
}
