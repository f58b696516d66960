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
