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

const FIELDS =
  'name shortName logoUrl accentColour supportEmail timeZone accountName sortCode accountNumber referenceFormat'
type Settings = Record<
  | 'name'
  | 'shortName'
  | 'logoUrl'
  | 'accentColour'
  | 'supportEmail'
  | 'timeZone'
  | 'accountName'
  | 'sortCode'
  | 'accountNumber'
  | 'referenceFormat',
  string | null
>

const UPDATE = `mutation PutSettingsBack($input: SocietySettingsInput!) {
  updateSocietySettings(input: $input) { name }
}`

/** The settings as the settings form sends them (empty text for what is not set). */
const asInput = (s: Settings) => ({
  name: s.name ?? '',
  shortName: s.shortName ?? '',
  logoUrl: s.logoUrl ?? '',
  accentColour: s.accentColour ?? '',
  supportEmail: s.supportEmail ?? '',
  timeZone: s.timeZone ?? '',
  bank: {
    accountName: s.accountName ?? '',
    sortCode: s.sortCode ?? '',
    accountNumber: s.accountNumber ?? '',
    referenceFormat: s.referenceFormat ?? '',
  },
})

describe('society settings', () => {
  test('a superAdmin names the society; the public home and a sign-in email carry the name', async ({
    page,
    signedInAs,
    expectAccessible,
    expectClean,
  }) => {
    const token = await sessionToken(baseUrl, superAdmin)
    const before = (
      await graphqlAs<{ societySettings: Settings }>(baseUrl, token, {
        operationName: 'SettingsBefore',
        query: `query SettingsBefore { societySettings { ${FIELDS} } }`,
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
        operationName: 'PutSettingsBack',
        query: UPDATE,
        variables: { input: asInput(before) },
      })
    }
  })
})
