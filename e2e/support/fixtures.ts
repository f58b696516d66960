import type { Page } from 'playwright-core'
import { test as base, expect, inject } from 'vitest'
import { demoAccount, type DemoTestAccount, type TestAccount } from './accounts.ts'
import {
  launchBrowser,
  pageTrouble,
  seriousAxeViolations,
  watchPage,
  type BrowserHandle,
  type PageProblems,
} from './browser.ts'
import { clearStorage, useSession } from './session.ts'

/** Where the e2e server listens (its APP_URL). */
export const baseUrl = inject('baseUrl')

/** The demo accounts by role: `superadmin` is superadmin@stagedoor.test, `member1` member1@… */
export type DemoRole =
  | 'superadmin'
  | 'boardmember'
  | 'orchestraadmin'
  | 'sitrmd'
  | 'socialconvenor'
  | 'ticketadmin'
  | 'member1'
  | 'member2'
  | 'member3'

/** The demo account of a role, with its name and password (throws when the server has none). */
export function demo(role: DemoRole): DemoTestAccount {
  return demoAccount(inject('demoAccounts'), `${role}@stagedoor.test`)
}

/** Who the browser is: a demo role, any other account (a fresh member), or nobody (null). */
export type Who = DemoRole | TestAccount | null

/** Sign the tab's browser in as `who` (its session cookie only, no form); returns the account. */
export type SignedInAs = {
  (who: DemoRole): Promise<DemoTestAccount>
  <A extends TestAccount>(who: A): Promise<A>
  (who: null): Promise<null>
  (who: Who): Promise<TestAccount | null>
}

/** A watched page of a browser, and what a test does with it. */
export interface Tab {
  page: Page
  /** Console errors, uncaught exceptions, failed requests and CSP violations of the page. */
  problems: PageProblems
  signedInAs: SignedInAs
  /** Nothing went wrong in the page but what the test provoked (`expected`). */
  expectClean(expected?: RegExp[]): Promise<void>
  /** Once the page has settled: no serious or critical axe violation at its width. */
  expectAxeClean(label: string): Promise<void>
  /**
   * No serious or critical axe violation at the page's width and at 360 px, nothing wider than a
   * 360 px screen, and a clean page; the viewport is back at 1280 px after.
   */
  expectAccessible(label: string): Promise<void>
}

export interface E2EFixtures {
  /** The spec file's browser (one per file; cookies and storage are reset before each test). */
  browser: BrowserHandle
  /** A second browser of the file, for another person at the same time (launched when asked for). */
  secondBrowser: BrowserHandle
  /** The test's tab in `browser`, signed out, with empty storage. */
  tab: Tab
  page: Page
  problems: PageProblems
  signedInAs: SignedInAs
  expectClean: Tab['expectClean']
  expectAxeClean: Tab['expectAxeClean']
  expectAccessible: Tab['expectAccessible']
  /** Another tab of `browser`, sharing its session; closed after the test and checked clean. */
  openTab(): Promise<Tab>
  /**
   * A tab of `secondBrowser`, for a second person at the same time (another admin, a visitor):
   * signed out with empty storage at first; closed after the test and checked clean.
   */
  otherTab: Tab
}

function accountOf(who: Who): TestAccount | null {
  return typeof who === 'string' ? demo(who) : who
}

/** A tab of `browser`: the page watched from its first request, its storage emptied. */
async function createTab(browser: BrowserHandle): Promise<Tab> {
  const page = await browser.context.newPage()
  const problems = watchPage(page)
  await clearStorage(page, baseUrl)
  const signedInAs = (async (who: Who) => {
    const account = accountOf(who)
    await useSession(browser.context, baseUrl, account)
    return account
  }) as SignedInAs
  const expectClean = async (expected: RegExp[] = []) => {
    expect(await pageTrouble(page, problems, expected)).toEqual({ errors: [], cspViolations: [] })
  }
  const expectAxeClean = async (label: string) => {
    await page.waitForLoadState('networkidle')
    expect(await seriousAxeViolations(page), label).toEqual([])
  }
  return {
    page,
    problems,
    signedInAs,
    expectClean,
    expectAxeClean,
    async expectAccessible(label) {
      await expectAxeClean(label)
      await page.setViewportSize({ width: 360, height: 800 })
      expect(await seriousAxeViolations(page), `${label} at 360 px`).toEqual([])
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${label}: wider than 360 px`).toBeLessThanOrEqual(0)
      await page.setViewportSize({ width: 1280, height: 800 })
      await expectClean()
    },
  }
}

/**
 * The e2e `test`: one Chromium per spec file, and for each test a fresh tab in it, signed out with
 * empty storage; `signedInAs(role)` puts a demo session (signed in once for the whole run) in the
 * browser. Use it as `test('…', async ({ page, signedInAs }) => { … })`.
 */
export const test = base.extend<{
  $file: { browser: BrowserHandle; secondBrowser: BrowserHandle }
  $test: Omit<E2EFixtures, 'browser' | 'secondBrowser'>
}>({
  browser: [
    // NOTE: Vitest reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await launchBrowser()
      try {
        await use(browser)
      } finally {
        await browser.close()
      }
    },
    { scope: 'file' },
  ],
  secondBrowser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await launchBrowser()
      try {
        await use(browser)
      } finally {
        await browser.close()
      }
    },
    { scope: 'file' },
  ],
  tab: async ({ browser }, use) => {
    await browser.context.clearCookies()
    const tab = await createTab(browser)
    try {
      await use(tab)
    } finally {
      await tab.page.close()
    }
  },
  page: async ({ tab }, use) => use(tab.page),
  problems: async ({ tab }, use) => use(tab.problems),
  signedInAs: async ({ tab }, use) => use(tab.signedInAs),
  expectClean: async ({ tab }, use) => use(tab.expectClean),
  expectAxeClean: async ({ tab }, use) => use(tab.expectAxeClean),
  expectAccessible: async ({ tab }, use) => use(tab.expectAccessible),
  openTab: async ({ browser, tab }, use) => {
    void tab // the test's own tab first: it signs the browser out
    const opened: Tab[] = []
    await use(async () => {
      const another = await createTab(browser)
      opened.push(another)
      return another
    })
    for (const another of opened) {
      await another.expectClean()
      await another.page.close()
    }
  },
  otherTab: async ({ secondBrowser }, use) => {
    await secondBrowser.context.clearCookies()
    const other = await createTab(secondBrowser)
    try {
      await use(other)
      await other.expectClean()
    } finally {
      await other.page.close()
    }
  },
})

export { expect }
