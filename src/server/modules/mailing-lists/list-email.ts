import type { MailMessage } from '#server/mail/outbox.service.ts'
import { renderMarkdown } from '#server/content/markdown.ts'
import type { AppConfig } from '#server/config/env.ts'
import { escapeHtml } from '#core/text/mail-text.ts'

/** The one-click URL (RFC 8058: a POST to it unsubscribes) and the page the footer links to. */
export function unsubscribeUrls(appUrl: string, token: string): { oneClick: string; page: string } {
  return {
    oneClick: `${appUrl}/api/mailing-lists/unsubscribe/${encodeURIComponent(token)}`,
    page: `${appUrl}/mailing-lists/unsubscribe/${encodeURIComponent(token)}`,
  }
}

/**
 * A message to one subscriber of a list: Markdown rendered and sanitised, a footer unsubscribe link,
 * and the List-Unsubscribe / List-Unsubscribe-Post headers mail providers show as "Unsubscribe".
 */
export function listMessage(
  config: Pick<AppConfig, 'appUrl'>,
  input: { to: string; listName: string; subject: string; markdown: string; unsubscribeToken: string },
): MailMessage {
  const urls = unsubscribeUrls(config.appUrl, input.unsubscribeToken)
  const footerText = `You are receiving this because you joined ${input.listName}. Unsubscribe: ${urls.page}`
  return {
    to: input.to,
    subject: input.subject,
    text: `${input.markdown}\n\n--\n${footerText}\n`,
    html:
      `${renderMarkdown(input.markdown)}<hr><p style="font-size:12px;color:#555">You are receiving this because you joined ` +
      `${escapeHtml(input.listName)}. <a href="${escapeHtml(urls.page)}">Unsubscribe</a></p>`,
    template: 'mailing-list.message',
    headers: {
      'List-Unsubscribe': `<${urls.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `${input.listName.replace(/[<>\r\n]/g, '')} <list.stagedoor>`,
    },
  }
}

/** The double opt-in email: one link confirming every list the visitor ticked. */
export function confirmationMessage(
  config: Pick<AppConfig, 'appUrl'>,
  input: { to: string; listNames: string[]; token: string },
): MailMessage {
  const url = `${config.appUrl}/mailing-lists/confirm/${encodeURIComponent(input.token)}`
  const lists = input.listNames.join(', ')
  return {
    to: input.to,
    subject: 'Confirm your subscription',
    text:
      `Someone (hopefully you) asked to join: ${lists}.\n\nConfirm within 7 days: ${url}\n\n` +
      'If it was not you, ignore this email: nothing happens and the address is removed after 7 days.\n',
    html:
      `<p>Someone (hopefully you) asked to join: <strong>${escapeHtml(lists)}</strong>.</p>` +
      `<p><a href="${escapeHtml(url)}">Confirm your subscription</a> (the link works once, for 7 days).</p>` +
      '<p>If it was not you, ignore this email: nothing happens and the address is removed after 7 days.</p>',
    template: 'mailing-list.confirm',
  }
}
