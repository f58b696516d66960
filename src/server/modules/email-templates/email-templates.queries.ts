import { eq } from 'drizzle-orm'
import type { RequestContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import { emailTemplates } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import {
  DEFAULT_TEMPLATES,
  EMAIL_TEMPLATE_KEYS,
  TEMPLATE_PLACEHOLDERS,
  withDefaults,
  type EmailTemplate,
  type EmailTemplateKey,
  type EmailTemplateWithDefaults,
} from './templates.ts'

/** A template as staff last saved it, or the default. */
export async function loadTemplate(db: Db, key: EmailTemplateKey): Promise<EmailTemplate> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.key, key))
  return row ? { key, subject: row.subject, body: row.body } : { key, ...DEFAULT_TEMPLATES[key] }
}

/** Every template, saved or default, in EMAIL_TEMPLATE_KEYS order, with its default (admins). */
export async function listEmailTemplates(ctx: RequestContext): Promise<EmailTemplateWithDefaults[]> {
  authorize(ctx.actor, 'admin.general')
  const rows = await ctx.services.db.select().from(emailTemplates)
  const saved = new Map(rows.map((r) => [r.key, r]))
  return EMAIL_TEMPLATE_KEYS.map((key) => {
    const row = saved.get(key)
    return row
      ? withDefaults({ key, subject: row.subject, body: row.body }, true)
      : withDefaults({ key, ...DEFAULT_TEMPLATES[key] }, false)
  })
}

/** What a template may use, each as {{name}} (admins). */
export function templatePlaceholders(ctx: RequestContext): { name: string; description: string }[] {
  authorize(ctx.actor, 'admin.general')
  return Object.entries(TEMPLATE_PLACEHOLDERS).map(([name, description]) => ({ name, description }))
}
