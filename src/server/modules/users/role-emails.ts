import { roleName, type Role } from '#core/auth/roles.ts'
import type { SocietySettings } from '#core/society/society-settings.schemas.ts'
import type { AppConfig } from '#server/config/env.ts'
import { formatInZone } from '#server/modules/email-templates/application-email.ts'
import type { MailMessage } from '#server/mail/outbox.service.ts'
import { escapeHtml, mailSafeText } from '#core/text/mail-text.ts'

/** The week's notice of a role's term ending (the privacy notice is linked from every email). */
export function roleEndingMessage(
  config: Pick<AppConfig, 'appUrl'>,
  society: Pick<SocietySettings, 'name' | 'timeZone'>,
  to: { email: string; name: string },
  role: Role,
  endsAt: Date,
): MailMessage {
  const when = formatInZone(endsAt, society.timeZone)
  const privacy = new URL('/privacy', config.appUrl).toString()
  const intro = `Hello ${mailSafeText(to.name) || 'there'}, your ${roleName(role)} role in ${mailSafeText(society.name)} ends on ${when}.`
  const outro =
    'If you are staying on, ask a society admin or a board member to renew it before then; otherwise it ends by itself and you can hand over in the Committee view.'
  return {
    to: to.email,
    subject: `Your ${roleName(role)} role ends on ${when}`,
    template: 'role.ending',
    text: `${intro}\n\n${outro}\n\nPrivacy notice: ${privacy}\n\n— ${mailSafeText(society.name)}`,
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(outro)}</p>` +
      `<p style="color:#555"><a href="${escapeHtml(privacy)}">Privacy notice</a></p><p>— ${escapeHtml(mailSafeText(society.name))}</p>`,
  }
}
