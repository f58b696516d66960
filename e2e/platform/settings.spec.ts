import { describe } from 'vitest'
import { graphqlAs } from '../support/accounts.ts'
import { waitForMail } from '../support/auth.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { sessionToken } from '../support/session.ts'

// The society's own name (issue 29): set once in /admin/settings by a superAdmin, then on the public
// home and in the emails that follow. The settings are put back after, so the other specs (which
// expect the default name) see the society as it was.

const superAdmin = demo('superadmin')
const member3 = demo('member3')

interface Names {
  societySettings: { name: string; shortName: string }
}

const UPDATE = `mutation PutNamesBack($input: SocietySettingsInput!) {
  updateSocietySettings(input: $input) { name shortName }
}`

describe('society settings', () => {
  test('a superAdmin names the society; the public home and a sign-in email carry the name', async ({
    page,
    signedInAs,
    expectAccessible,
    expectClean,
  }) => {
    const token = await sessionToken(baseUrl, superAdmin)
    const before = (
      await graphqlAs<Names>(baseUrl, token, {
        operationName: 'NamesBefore',
        query: 'query NamesBefore { societySettings { name shortName } }',
      })
    ).societySettings
    const name = `Northbridge Choral Society ${Date.now().toString(36)}`
    try {
      await signedInAs('superadmin')
      await page.goto(`${baseUrl}/admin/settings`)
      await page.getByRole('heading', { level: 1, name: 'Society Settings' }).waitFor()
      await page.getByLabel('Name', { exact: true }).fill(name)
      await page.getByLabel('Short name').fill('Northbridge')
      await page.getByRole('button', { name: 'Save settings' }).click()
      await page.getByText('Settings saved.').first().waitFor()
      await expectAccessible('society settings')

      await signedInAs(null)
      await page.goto(`${baseUrl}/`)
      await page.getByRole('heading', { level: 1, name }).waitFor()
      expect(await page.title()).toContain(name)
      expect(await page.getByRole('contentinfo').textContent()).toContain('Powered by Stagedoor')

      const earlier = (
        await graphqlAs<{ outbox: { id: string; to: string }[] }>(baseUrl, token, {
          operationName: 'EarlierMail',
          query: 'query EarlierMail { outbox(limit: 50) { id to } }',
        })
      ).outbox.map((m) => m.id)
      await page.goto(`${baseUrl}/login`)
      await page.getByLabel('Email address').fill(member3.email)
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
      await page.getByRole('status').filter({ hasText: 'a sign-in link is on its way' }).waitFor()
      const mail = await waitForMail(baseUrl, superAdmin, member3.email, 'auth.magic-link', earlier)
      expect(mail.subject).toBe(`Your ${name} sign-in link`)
      expect(mail.text).toContain(`— ${name}`)
      await expectClean()
    } finally {
      await graphqlAs(baseUrl, token, {
        operationName: 'PutNamesBack',
        query: UPDATE,
        variables: { input: { name: before.name, shortName: before.shortName } },
      })
    }
  })
})
