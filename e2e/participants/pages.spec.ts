import { describe } from 'vitest'
import { baseUrl, expect, test } from '../support/fixtures.ts'

// member1 is a CONFIRMED singer of the demo sing-through, whose info pack and final info are released.
const SLUG = 'messiah-singthrough'
const PAGES = [
  { path: `/applications/${SLUG}/participant-info/singer`, heading: /^Info Pack/ },
  { path: `/${SLUG}/cast-list`, heading: /^Cast List$/ },
  { path: `/${SLUG}/part-breakdown`, heading: /^Part Breakdown$/ },
  { path: `/applications/${SLUG}/venue-access`, heading: /^Venue Access$/ },
]

describe('participant pages', () => {
  test.for(PAGES)('member1 sees $path', async ({ path, heading }, { page, signedInAs, expectAccessible }) => {
    await signedInAs('member1')
    await page.goto(`${baseUrl}${path}`)
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    if (path.endsWith('part-breakdown')) {
      // The member's own part is marked in words, not only by colour.
      await page.getByRole('columnheader', { name: /Your part/ }).waitFor()
    }
    if (path.endsWith('venue-access')) {
      const map = page.getByRole('link', { name: /Open the map/ })
      expect(await map.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/search\?query=/)
    }
    await expectAccessible(path)
  })

  test.for(PAGES)(
    'member3 (no application) gets the not-found page at $path',
    async ({ path, heading }, { page, signedInAs }) => {
      await signedInAs('member3')
      await page.goto(`${baseUrl}${path}`)
      const title = page.getByRole('heading', { level: 1 })
      await title.getByText('Page not found').waitFor()
      // The same answer as an unknown address (nothing says the page exists), and none of the page.
      expect(await title.textContent()).toBe('Page not found')
      expect(await page.title()).toBe('Page not found · Stagedoor')
      expect(await page.getByRole('heading', { name: heading }).count()).toBe(0)
    },
  )

  test('the admin sandbox shows the sidebar and pages of a chosen type and status', async ({
    page,
    signedInAs,
    expectAccessible,
  }) => {
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/sandbox`)
    await page.getByRole('heading', { level: 1, name: 'Sandbox' }).waitFor()
    await page.getByLabel('Event', { exact: true }).selectOption(SLUG)
    await page.getByLabel('Application type', { exact: true }).selectOption('orchestra')
    await page.getByLabel('Status', { exact: true }).selectOption('CONFIRMED')
    const sidebar = page.getByRole('navigation', { name: 'Sidebar of this member' })
    // NOTE: the answer for the type chosen first (singer) may still be on screen for a moment: wait
    // for what only an orchestra member's answer says before reading the sidebar.
    await page.getByText('Such a member would not see the part breakdown').waitFor()
    await sidebar.getByText('Info Pack', { exact: true }).waitFor()
    expect(await sidebar.getByText('Part Breakdown', { exact: true }).count()).toBe(0)
    await page.getByRole('heading', { level: 2, name: 'Cast List' }).waitFor()
    await page.getByLabel('Status', { exact: true }).selectOption('SUBMITTED')
    await page.getByText('Such a member would not see the info pack').waitFor()
    await expectAccessible('/admin/sandbox')
  })
})
