import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { demoAccount, type TestAccount } from '../support/accounts.ts'
import {
  launchBrowser,
  pageTrouble,
  seriousAxeViolations,
  watchPage,
  type BrowserHandle,
  type PageProblems,
} from '../support/browser.ts'
import { clearStorage, useSession } from '../support/session.ts'

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

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  page = await browser.context.newPage()
  problems = watchPage(page)
  await clearStorage(page, baseUrl)
})
afterEach(async () => {
  await page?.close()
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
