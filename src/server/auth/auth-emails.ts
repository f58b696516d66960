import type { MailMessage } from '#server/mail/outbox.service.ts'
import { escapeHtml, mailSafeText } from '#core/text/mail-text.ts'

// Plain, short emails, signed with the society's name (its settings; decision 0039). Each link is the whole point of its message, so it comes first and alone.

function message(
  society: string,
  to: string,
  subject: string,
  intro: string,
  action: string,
  url: string,
  outro: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}\n\n— ${mailSafeText(society)}`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      `<p style="color:#555">${escapeHtml(outro)}</p><p>— ${escapeHtml(mailSafeText(society))}</p>`,
  }
}

export function verifyEmailMessage(society: string, to: string, name: string, url: string): MailMessage {
  return {
    ...message(
      society,
      to,
      `Confirm your email for ${society}`,
      `Hello ${mailSafeText(name) || 'there'}, please confirm this is your email address to finish signing up.`,
      'Confirm my email',
      url,
      'If you did not sign up, ignore this email.',
    ),
    template: 'auth.verify-email',
  }
}

export function resetPasswordMessage(society: string, to: string, url: string): MailMessage {
  return {
    ...message(
      society,
      to,
      `Reset your ${society} password`,
      `Someone (hopefully you) asked to reset the password of your ${society} account.`,
      'Choose a new password',
      url,
      'The link works once, for one hour. If you did not ask, ignore this email: your password stays as it is.',
    ),
    template: 'auth.reset-password',
  }
}

export function magicLinkMessage(society: string, to: string, url: string): MailMessage {
  return {
    ...message(
      society,
      to,
      `Your ${society} sign-in link`,
      'Here is the sign-in link you asked for.',
      `Sign in to ${society}`,
      url,
      'The link works once, for 10 minutes. If you did not ask for it, ignore this email.',
    ),
    template: 'auth.magic-link',
  }
}

export function accountExistsMessage(
  society: string,
  to: string,
  loginUrl: string,
  resetUrl: string,
): MailMessage {
  return {
    to,
    subject: `You already have a ${society} account`,
    text:
      `Someone tried to sign up to ${society} with this email address, which already has an account.\n\n` +
      `Sign in: ${loginUrl}\nForgot your password? ${resetUrl}\n\nIf it was not you, ignore this email.\n\n— ${society}`,
    template: 'auth.account-exists',
  }
}
