import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { demoAccount, type TestAccount } from '../support/accounts.ts'
import {
  pageTrouble,
  seriousAxeViolations,
  type BrowserHandle,
  type PageProblems,
} from '../support/browser.ts'
import { useSession } from '../support/session.ts'
import { usePagePerTest } from '../support/page-fixture.ts'

const baseUrl = inject('baseUrl')
const accounts = inject('demoAccounts')
const superAdmin = demoAccount(accounts, 'superadmin@stagedoor.test')

const SCREENS: { name: string; path: string; account: TestAccount | null; list: string }[] = [
  { name: 'listings', path: '/listings', account: null, list: 'Upcoming events' },
  { name: 'event config', path: '/admin/events', account: superAdmin, list: 'Events' },
]

let browser: BrowserHandle
let page: Page
let problems: PageProblems

usePagePerTest({ clearStorageAt: baseUrl }, (fixture) => {
  ;({ browser, page, problems } = fixture)
})

describe('no serious or critical accessibility violation', () => {
  it.each(SCREENS)('$name ($path) at 1280 and 360 px', async ({ path, account, list }) => {
    await useSession(browser.context, baseUrl, account)
    await page.goto(`${baseUrl}${path}`)
    await page.getByRole('list', { name: list, exact: true }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.setViewportSize({ width: 360, height: 800 })
    expect(await seriousAxeViolations(page)).toEqual([])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await pageTrouble(page, problems)).toEqual({ errors: [], cspViolations: [] })
  })
})

describe('no serious or critical accessibility violation on the event editors and the audition page', () => {
  async function check(path: string): Promise<void> {
    await page.waitForLoadState('networkidle')
    expect(await seriousAxeViolations(page), path).toEqual([])
    await page.setViewportSize({ width: 360, height: 800 })
    expect(await seriousAxeViolations(page), `${path} at 360 px`).toEqual([])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await pageTrouble(page, problems)).toEqual({ errors: [], cspViolations: [] })
  }

  it('the event edit form with every editor open', async () => {
    await useSession(browser.context, baseUrl, superAdmin)
    await page.goto(`${baseUrl}/admin/events/winter-concert/edit`)
    await page.getByRole('group', { name: 'Application types' }).waitFor()
    // Rows of every kind, so each editor is on the page.
    await page.getByRole('button', { name: 'Add an application type' }).click()
    const added = page.getByRole('group', { name: /^Application type \d+$/ })
    await added.getByRole('button', { name: /^Add a question/ }).click()
    await added
      .getByRole('group', { name: 'Question 1' })
      .getByLabel('Kind of answer')
      .selectOption('multi_choice')
    await added.getByRole('button', { name: /^Add a payment line/ }).click()
    await page.getByRole('button', { name: 'Add an audience page' }).click()
    await page.getByRole('button', { name: 'Add a part' }).click()
    await page.getByRole('button', { name: 'Add a part' }).click()
    // And their errors.
    await page.getByRole('button', { name: 'Save event' }).click()
    await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor()
    await check('/admin/events/winter-concert/edit')
  })

  it('the audition information page', async () => {
    await useSession(browser.context, baseUrl, superAdmin)
    await page.goto(`${baseUrl}/events/winter-concert/auditions`)
    await page.getByRole('heading', { level: 1, name: 'Auditions' }).waitFor()
    await check('/events/winter-concert/auditions')
  })
})
