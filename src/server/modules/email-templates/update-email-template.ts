import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { emailTemplates } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { loadTemplate } from './email-templates.queries.ts'
import { checkTemplateInput, templateKey, withDefaults, type EmailTemplateWithDefaults } from './templates.ts'

/** Save a template's wording after checking its placeholders (VALIDATION otherwise); audited (admins). */
export async function updateEmailTemplate(
  ctx: RequestContext,
  input: { key: string; subject: string; body: string },
): Promise<EmailTemplateWithDefaults> {
  const viewer = authorize(ctx.actor, 'admin.general')
  const key = templateKey(input.key)
  const { subject, body } = input
  checkTemplateInput(subject, body)
  const before = await loadTemplate(ctx.services.db, key)
  await withTx(ctx, async (tx) => {
    const now = ctx.now()
    await tx
      .insert(emailTemplates)
      .values({ key, subject, body, updatedBy: viewer.id, updatedAt: now })
      .onConflictDoUpdate({
        target: emailTemplates.key,
        set: { subject, body, updatedBy: viewer.id, updatedAt: now },
      })
    await auditChange(tx, ctx, {
      action: 'email-template.update',
      entityType: 'email-template',
      entityId: key,
      before: { subject: before.subject, body: before.body },
      after: { subject, body },
    })
  })
  return withDefaults({ key, subject, body }, true)
}
