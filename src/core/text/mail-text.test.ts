import { describe, expect, it } from 'vitest'
import { escapeHtml, escapeMarkdown, MAIL_NAME_MAX, mailGreeting, mailSafeText } from './mail-text.ts'

/** What a mail client would make a link of: a scheme, a www. host, an address or a bare domain. */
const LINKABLE = /[a-z][a-z0-9+.-]*:\/\/|www\.|@\w|\w\.[a-z]{2,}/i

describe('mailSafeText', () => {
  it.each([
    ['Click https://evil.example/login', 'Click https[:]//evil[.]example/login'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['pay at evil.co.uk now', 'pay at evil[.]co[.]uk now'],
    ['me@evil.example', 'me[@]evil[.]example'],
    ['ｈｔｔｐｓ：／／evil．example', 'https[:]//evil[.]example'],
    ['evil。example', 'evil[.]example'],
    ['HTTP://EVIL.EXAMPLE', 'HTTP[:]//EVIL[.]EXAMPLE'],
  ])('defuses %j', (typed, shown) => {
    expect(mailSafeText(typed)).toBe(shown)
    expect(mailSafeText(typed)).not.toMatch(LINKABLE)
  })

  it.each(['Ada Lovelace', 'Dr. J.R. Smith', 'Zoë O’Brien-Ng', 'José María', '李小龙', 'Mary Jane 2nd'])(
    'leaves the name %j as typed',
    (name) => {
      expect(mailSafeText(name)).toBe(name)
    },
  )

  it('keeps a name on one line, without invisible or reordering characters', () => {
    expect(mailSafeText('Sam\r\n\r\nYour account is locked,\treply with your password')).toBe(
      'Sam Your account is locked, reply with your password',
    )
    expect(mailSafeText('Ann\u202Egnp.exe\u200B')).toBe('Ann gnp[.]exe')
    expect(mailSafeText('  spaced   out  ')).toBe('spaced out')
  })

  it(`cuts a long name to ${MAIL_NAME_MAX} characters`, () => {
    const shown = mailSafeText('x'.repeat(500))
    expect([...shown]).toHaveLength(MAIL_NAME_MAX)
    expect(shown.endsWith('…')).toBe(true)
    expect(mailSafeText('😀'.repeat(100))).toHaveLength((MAIL_NAME_MAX - 1) * 2 + 1)
  })

  it('greets by the safe name, or "there" without one', () => {
    expect(mailGreeting('Pat')).toBe('Hello Pat,')
    expect(mailGreeting(' \n ')).toBe('Hello there,')
    expect(mailGreeting(null)).toBe('Hello there,')
    expect(mailGreeting('a.evil.example')).toBe('Hello a[.]evil[.]example,')
  })
})

describe('escapeHtml and escapeMarkdown', () => {
  it('turn markup into text', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;')
    expect(escapeMarkdown('[Click](https://evil.example) **now** <b>')).toBe(
      '\\[Click\\]\\(https://evil\\.example\\) \\*\\*now\\*\\* \\<b\\>',
    )
  })
})
