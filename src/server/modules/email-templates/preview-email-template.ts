import { offerExpiresAt } from '#core/applications/offer-expiry.ts'
import { formatPence } from '#core/money.ts'
import type { RequestContext } from '#server/context.ts'
import type { MailMessage } from '#server/mail/outbox.service.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { formatInZone } from './application-email.ts'
import { checkTemplateInput, renderTemplate, templateKey } from './templates.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'

/** Render a (possibly unsaved) template with sample values (admins). */
export async function previewEmailTemplate(
  ctx: RequestContext,
  input: { key: string; subject: string; body: string },
): Promise<Omit<MailMessage, 'to'>> {
  authorize(ctx.actor, 'admin.general')
  const key = templateKey(input.key)
  checkTemplateInput(input.subject, input.body)
  const { config } = ctx.services
  const sampleExpiry = offerExpiresAt(ctx.now(), undefined)
  return renderTemplate(
    { key, subject: input.subject, body: input.body },
    {
      name: 'Alex',
      eventTitle: 'Spring Concert',
      applicationType: 'Singer',
      offerExpiresAt: formatInZone(sampleExpiry, (await societySettingsOf(ctx.services)).timeZone),
      amountOwed: formatPence(2500),
      link: `${config.appUrl}/applications`,
    },
  )
}
