import { asc, eq, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { messageTemplateSchema } from '#core/mailing-lists/mailing-list.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { mailingListTemplates } from '#server/db/schema/index.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'

export type MessageTemplateRow = typeof mailingListTemplates.$inferSelect

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The saved messages, by name. */
export async function listMessageTemplates(ctx: RequestContext): Promise<MessageTemplateRow[]> {
  authorize(ctx.actor, 'admin.mailingLists')
  return ctx.services.db
    .select()
    .from(mailingListTemplates)
    .orderBy(asc(sql`lower(${mailingListTemplates.name})`))
}

/**
 * Save a message to reuse: a new template, or the one of that name (any case) replaced; audited.
 */
export async function saveMessageTemplate(ctx: RequestContext, raw: unknown): Promise<MessageTemplateRow> {
  const actor = authorize(ctx.actor, 'admin.mailingLists')
  const parsed = messageTemplateSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const { name, subject, markdown } = parsed.data
  return withTx(ctx, async (tx) => {
    const [before] = await tx
      .select()
      .from(mailingListTemplates)
      .where(eq(sql`lower(${mailingListTemplates.name})`, name.toLowerCase()))
      .for('update')
    const [saved] = before
      ? await tx
          .update(mailingListTemplates)
          .set({ name, subject, markdown, updatedBy: actor.id, updatedAt: ctx.now() })
          .where(eq(mailingListTemplates.id, before.id))
          .returning()
      : await tx
          .insert(mailingListTemplates)
          .values({ name, subject, markdown, updatedBy: actor.id })
          .returning()
    await auditChange(tx, ctx, {
      action: 'mailingList.saveTemplate',
      entityType: 'mailingListTemplate',
      entityId: saved!.id,
      before: before ? { name: before.name, subject: before.subject } : null,
      after: { name, subject },
    })
    return saved!
  })
}

/** Delete a saved message; audited. */
export async function deleteMessageTemplate(ctx: RequestContext, id: string): Promise<boolean> {
  authorize(ctx.actor, 'admin.mailingLists')
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', 'There is no such template.')
  return withTx(ctx, async (tx) => {
    const [removed] = await tx.delete(mailingListTemplates).where(eq(mailingListTemplates.id, id)).returning()
    if (!removed) throw new AppError('NOT_FOUND', 'There is no such template.')
    await auditChange(tx, ctx, {
      action: 'mailingList.deleteTemplate',
      entityType: 'mailingListTemplate',
      entityId: id,
      before: { name: removed.name, subject: removed.subject },
      after: null,
    })
    return true
  })
}
