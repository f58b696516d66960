import { eq } from 'drizzle-orm'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { emailTemplates } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { loadTemplate } from './email-templates.queries.ts'
import { DEFAULT_TEMPLATES, templateKey, withDefaults, type EmailTemplateWithDefaults } from './templates.ts'

/** Go back to a template's default wording; audited (admins). */
export async function resetEmailTemplate(
  ctx: RequestContext,
  input: { key: string },
): Promise<EmailTemplateWithDefaults> {
  authorize(ctx.actor, 'admin.general')
  const key = templateKey(input.key)
  const before = await loadTemplate(ctx.services.db, key)
  await withTx(ctx, async (tx) => {
    await tx.delete(emailTemplates).where(eq(emailTemplates.key, key))
    await auditChange(tx, ctx, {
      action: 'email-template.reset',
      entityType: 'email-template',
      entityId: key,
      before: { subject: before.subject, body: before.body },
      after: DEFAULT_TEMPLATES[key],
    })
  })
  return withDefaults({ key, ...DEFAULT_TEMPLATES[key] }, false)
}
