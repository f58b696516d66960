import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { mailingListInputSchema } from '#core/mailing-lists/mailing-list.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { mailingLists } from '#server/db/schema/index.ts'
import { authorize, isUniqueViolation, validationError } from '#server/modules/shared/guards.ts'
import { findListBySlug, getMailingList, type MailingListView } from './mailing-lists.queries.ts'

const TAKEN = 'Another list already uses that slug.'

/** Create a list (double opt-in on unless turned off). Mailing-list admins. */
export async function createMailingList(ctx: RequestContext, raw: unknown): Promise<MailingListView> {
  authorize(ctx.actor, 'admin.mailingLists')
  const parsed = mailingListInputSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  try {
    await withTx(ctx, async (tx) => {
      const [row] = await tx.insert(mailingLists).values(parsed.data).returning()
      await auditChange(tx, ctx, {
        action: 'mailingList.create',
        entityType: 'mailingList',
        entityId: row!.id,
        before: null,
        after: row,
      })
    })
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', TAKEN, { fields: [{ path: 'slug', message: TAKEN }] })
    throw error
  }
  return getMailingList(ctx, parsed.data.slug)
}

/** Change a list's name, slug, description, visibility, double opt-in or welcome message. */
export async function updateMailingList(
  ctx: RequestContext,
  slug: string,
  raw: unknown,
): Promise<MailingListView> {
  authorize(ctx.actor, 'admin.mailingLists')
  const parsed = mailingListInputSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const before = await findListBySlug(ctx.services.db, slug)
  try {
    await withTx(ctx, async (tx) => {
      const [row] = await tx
        .update(mailingLists)
        .set({ ...parsed.data, updatedAt: ctx.now() })
        .where(eq(mailingLists.id, before.id))
        .returning()
      await auditChange(tx, ctx, {
        action: 'mailingList.update',
        entityType: 'mailingList',
        entityId: before.id,
        before,
        after: row,
      })
    })
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', TAKEN, { fields: [{ path: 'slug', message: TAKEN }] })
    throw error
  }
  return getMailingList(ctx, parsed.data.slug)
}
