import type { BrowserContext, Page } from 'playwright-core'
import { signIn, type TestAccount } from './accounts.ts'
import { launchBrowser, type BrowserHandle } from './browser.ts'

/**
 * A browser that runs the app's service worker (the default test browser blocks it), signed in as
 * `account` with a session of its own: signing it out does not end the run's shared demo session.
 */
export async function browserWithWorker(baseUrl: string, account: TestAccount): Promise<BrowserHandle> {
  const browser = await launchBrowser({ serviceWorkers: 'allow' })
  await addSession(browser.context, baseUrl, await signIn(baseUrl, account))
  return browser
}

async function addSession(context: BrowserContext, baseUrl: string, header: string): Promise<void> {
  await context.addCookies(
    header.split('; ').map((pair) => {
      const split = pair.indexOf('=')
      return { name: pair.slice(0, split), value: pair.slice(split + 1), url: baseUrl }
    }),
  )
}

/** Wait until the app's service worker is active and controls the page. */
export async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  })
}
