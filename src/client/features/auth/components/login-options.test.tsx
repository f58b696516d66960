import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DemoAccounts, roleLabel } from './demo-accounts.tsx'
import { ProviderButtons } from './provider-buttons.tsx'

describe('ProviderButtons', () => {
  it('shows nothing when no provider is configured', () => {
    expect(
      renderToStaticMarkup(<ProviderButtons providers={[]} pendingId={null} onChoose={() => {}} />),
    ).toBe('')
  })

  it('shows one button per configured provider', () => {
    const html = renderToStaticMarkup(
      <ProviderButtons
        providers={[
          { id: 'google', name: 'Google', type: 'social' },
          { id: 'oidc', name: 'University sign-in', type: 'oidc' },
        ]}
        pendingId={null}
        onChoose={() => {}}
      />,
    )
    expect(html.match(/<button/g)).toHaveLength(2)
    expect(html).toContain('Continue with Google')
    expect(html).toContain('Continue with University sign-in')
    expect(html).not.toContain('Microsoft')
  })
})

describe('DemoAccounts', () => {
  it('lists every account with a one-click sign-in named for the person', () => {
    const html = renderToStaticMarkup(
      <DemoAccounts
        demo={{
          password: 'stagedoor-demo',
          accounts: [
            { email: 'superadmin@stagedoor.test', name: 'Sasha Okafor', roles: ['superAdmin'] },
            { email: 'member1@stagedoor.test', name: 'Maya Patel', roles: [] },
          ],
        }}
        pendingEmail={null}
        onSignIn={() => {}}
      />,
    )
    expect(html).toContain('aria-label="Sign in as Sasha Okafor"')
    expect(html).toContain('aria-label="Sign in as Maya Patel"')
    expect(html).toContain('stagedoor-demo')
    expect(html).toContain('Society admin')
  })

  it.each([
    [[], 'Member'],
    [['superAdmin'], 'Society admin'],
    [['boardMember', 'ticketAdmin'], 'Board member, Ticket admin'],
  ])('labels roles %j as %s', (roles, expected) => {
    expect(roleLabel(roles)).toBe(expected)
  })
})
