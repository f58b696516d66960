import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { demoAccount } from '../support/accounts.ts'
import {
  pageTrouble,
  seriousAxeViolations,
  type BrowserHandle,
  type PageProblems,
} from '../support/browser.ts'
import { usePagePerTest } from '../support/page-fixture.ts'
import { useSession } from '../support/session.ts'

const baseUrl = inject('baseUrl')
const accounts = inject('demoAccounts')
const member1 = demoAccount(accounts, 'member1@stagedoor.test')
const member3 = demoAccount(accounts, 'member3@stagedoor.test')
const superAdmin = demoAccount(accounts, 'superadmin@stagedoor.test')

// member1 is a CONFIRMED singer of the demo sing-through, whose info pack and final info are released.
const SLUG = 'messiah-singthrough'
const PAGES = [
  { path: `/applications/${SLUG}/participant-info/singer`, heading: /^Info Pack/ },
  { path: `/${SLUG}/cast-list`, heading: /^Cast List$/ },
  { path: `/${SLUG}/part-breakdown`, heading: /^Part Breakdown$/ },
  { path: `/applications/${SLUG}/venue-access`, heading: /^Venue Access$/ },
]

let browser: BrowserHandle
let page: Page
let problems: PageProblems

usePagePerTest({ clearStorageAt: baseUrl }, (fixture) => {
  ;({ browser, page, problems } = fixture)
})

async function accessible(path: string) {
  await page.waitForLoadState('networkidle')
  expect(await seriousAxeViolations(page), path).toEqual([])
  await page.setViewportSize({ width: 360, height: 800 })
  expect(await seriousAxeViolations(page), `${path} at 360 px`).toEqual([])
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${path} overflows at 360 px`).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 800 })
  expect(await pageTrouble(page, problems)).toEqual({ errors: [], cspViolations: [] })
}

describe('participant pages', () => {
  it.each(PAGES)('member1 sees $path', async ({ path, heading }) => {
    await useSession(browser.context, baseUrl, member1)
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
    await accessible(path)
  })

  it.each(PAGES)('member3 (no application) gets the not-found page at $path', async ({ path }) => {
    await useSession(browser.context, baseUrl, member3)
    await page.goto(`${baseUrl}${path}`)
    await page
      .getByRole('heading', { name: /not found/i })
      .first()
      .waitFor()
  })

  it('the admin sandbox shows the sidebar and pages of a chosen type and status', async () => {
    await useSession(browser.context, baseUrl, superAdmin)
    await page.goto(`${baseUrl}/admin/sandbox`)
    await page.getByRole('heading', { level: 1, name: 'Sandbox' }).waitFor()
    await page.getByLabel('Event', { exact: true }).selectOption(SLUG)
    await page.getByLabel('Application type', { exact: true }).selectOption('orchestra')
    await page.getByLabel('Status', { exact: true }).selectOption('CONFIRMED')
    const sidebar = page.getByRole('navigation', { name: 'Sidebar of this member' })
    await sidebar.getByText('Info Pack', { exact: true }).waitFor()
    expect(await sidebar.getByText('Part Breakdown', { exact: true }).count()).toBe(0)
    await page.getByText('Such a member would not see the part breakdown').waitFor()
    await page.getByRole('heading', { level: 2, name: 'Cast List' }).waitFor()
    await page.getByLabel('Status', { exact: true }).selectOption('SUBMITTED')
    await page.getByText('Such a member would not see the info pack').waitFor()
    await accessible('/admin/sandbox')
  })
})
