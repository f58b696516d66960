import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser.ts'
import { clearStorage } from './session.ts'

export interface PageFixture {
  browser: BrowserHandle
  page: Page
  problems: PageProblems
}

export interface PageFixtureOptions {
  /** Start every test signed out: drop the cookies the spec's pages share. */
  clearCookies?: boolean
  /** Start every test with empty local and session storage for this origin (sidebar state…). */
  clearStorageAt?: string
  /** Run once after the browser starts (e.g. sign in for the whole spec). */
  afterLaunch?: (browser: BrowserHandle) => Promise<void>
}

/**
 * One browser per spec file and a fresh, watched page per test, closed after it. `bind` receives
 * the browser, page and problem log before each test, for the spec's own variables.
 */
export function usePagePerTest(options: PageFixtureOptions, bind: (fixture: PageFixture) => void): void {
  let browser: BrowserHandle | undefined
  let page: Page | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
    await options.afterLaunch?.(browser)
  })
  afterAll(async () => {
    await browser?.close()
  })
  beforeEach(async () => {
    if (!browser) throw new Error('the browser did not start')
    if (options.clearCookies) await browser.context.clearCookies()
    page = await browser.context.newPage()
    const problems = watchPage(page)
    if (options.clearStorageAt) await clearStorage(page, options.clearStorageAt)
    bind({ browser, page, problems })
  })
  afterEach(async () => {
    await page?.close()
  })
}
