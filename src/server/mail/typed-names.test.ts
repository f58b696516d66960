import { describe, expect, it } from 'vitest'
import { verifyEmailMessage } from '#server/auth/auth-emails.ts'
import { DEFAULT_TEMPLATES, renderTemplate } from '#server/modules/email-templates/templates.ts'
import { accountDeletedMessage } from '#server/modules/people/people-emails.ts'
import { roleEndingMessage } from '#server/modules/users/role-emails.ts'

// Issue 26, finding 11, for the emails whose name is typed by whoever signed up with the address:
// each shows it as text (core/text/mail-text.ts), in the plain part and in the HTML part.

const EVIL =
  'Click [here](https://evil.example/login) or https://evil.example\n<a href="https://evil.example">x</a>'
const config = { appUrl: 'https://society.example.org', timeZone: 'Europe/London' }

/** Every address a mail client could open from the text or the HTML. */
function links(text: string, html = ''): string[] {
  const hrefs = [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]!)
  const bare = text.match(/https?:\/\/\S+|www\.\S+|[\w-]+\.example\b/g) ?? []
  const htmlText = html.replace(/<[^>]*>/g, ' ').match(/https?:\/\/\S+|www\.\S+|[\w-]+\.example\b/g) ?? []
  return [...hrefs, ...bare, ...htmlText]
}

describe('a typed name in an email', () => {
  it.each([
    [
      'sign-up verification',
      () => verifyEmailMessage('Stagedoor', 'v@x.test', EVIL, 'https://society.example.org/verify?t=1'),
    ],
    ['account deleted', () => accountDeletedMessage(config, { name: 'Stagedoor' }, 'v@x.test', EVIL)],
    [
      'role ending',
      () =>
        roleEndingMessage(
          config,
          { name: 'Stagedoor', timeZone: 'Europe/London' },
          { email: 'v@x.test', name: EVIL },
          'sitrMD',
          new Date(),
        ),
    ],
    [
      'application template (Markdown)',
      () => ({
        to: 'v@x.test',
        ...renderTemplate(
          { key: 'application.offered', ...DEFAULT_TEMPLATES['application.offered'] },
          { name: EVIL, eventTitle: 'Messiah', link: 'https://society.example.org/applications' },
        ),
      }),
    ],
  ])('%s: one line, no link from the name', (_label, make) => {
    const mail = make()
    const found = links(mail.text, mail.html)
    expect(found.length).toBeGreaterThan(0)
    for (const link of found) expect(link.startsWith('https://society.example.org/')).toBe(true)
    expect(mail.text).toContain('Click [here](https[:]//evil[.]example/login)')
    expect(mail.html ?? '').not.toMatch(/<a[^>]*evil/)
  })
})
