import type { SocietySettings } from '#core/society/society-settings.schemas.ts'
import type { AppConfig } from '#server/config/env.ts'
import type { MailMessage } from '#server/mail/outbox.service.ts'
import { escapeHtml, mailSafeText } from '#core/text/mail-text.ts'

/** Sent to the old address once an account is deleted. */
export function accountDeletedMessage(
  config: Pick<AppConfig, 'appUrl'>,
  society: Pick<SocietySettings, 'name'>,
  email: string,
  name: string,
): MailMessage {
  const privacy = new URL('/privacy', config.appUrl).toString()
  const intro = `Hello ${mailSafeText(name) || 'there'}, your ${mailSafeText(society.name)} account has been deleted, as you asked.`
  const body =
    'Your profile, photo, sign-in methods and mailing-list subscriptions are gone. Applications and payments the society must keep are kept without your name or email; the privacy notice says which and for how long.'
  return {
    to: email,
    subject: `Your ${mailSafeText(society.name)} account has been deleted`,
    template: 'account.deleted',
    text: `${intro}\n\n${body}\n\nPrivacy notice: ${privacy}\n\n— ${mailSafeText(society.name)}`,
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(body)}</p>` +
      `<p style="color:#555"><a href="${escapeHtml(privacy)}">Privacy notice</a></p><p>— ${escapeHtml(mailSafeText(society.name))}</p>`,
  }
}
