import type { MailMessage } from '#server/mail/outbox.service.ts'
import { escapeHtml, mailSafeText } from '#core/text/mail-text.ts'

// Plain, short emails. Each link is the whole point of its message, so it comes first and alone.

function message(
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
    text: `${intro}\n\n${action}: ${url}\n\n${outro}\n\n— Stagedoor`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      `<p style="color:#555">${escapeHtml(outro)}</p><p>— Stagedoor</p>`,
  }
}

export function verifyEmailMessage(to: string, name: string, url: string): MailMessage {
  return {
    ...message(
      to,
      'Confirm your email for Stagedoor',
      `Hello ${mailSafeText(name) || 'there'}, please confirm this is your email address to finish signing up.`,
      'Confirm my email',
      url,
      'If you did not sign up, ignore this email.',
    ),
    template: 'auth.verify-email',
  }
}

export function resetPasswordMessage(to: string, url: string): MailMessage {
  return {
    ...message(
      to,
      'Reset your Stagedoor password',
      'Someone (hopefully you) asked to reset the password of your Stagedoor account.',
      'Choose a new password',
      url,
      'The link works once, for one hour. If you did not ask, ignore this email: your password stays as it is.',
    ),
    template: 'auth.reset-password',
  }
}

export function magicLinkMessage(to: string, url: string): MailMessage {
  return {
    ...message(
      to,
      'Your Stagedoor sign-in link',
      'Here is the sign-in link you asked for.',
      'Sign in to Stagedoor',
      url,
      'The link works once, for 10 minutes. If you did not ask for it, ignore this email.',
    ),
    template: 'auth.magic-link',
  }
}

export function accountExistsMessage(to: string, loginUrl: string, resetUrl: string): MailMessage {
  return {
    to,
    subject: 'You already have a Stagedoor account',
    text:
      `Someone tried to sign up to Stagedoor with this email address, which already has an account.\n\n` +
      `Sign in: ${loginUrl}\nForgot your password? ${resetUrl}\n\nIf it was not you, ignore this email.\n\n— Stagedoor`,
    template: 'auth.account-exists',
  }
}
