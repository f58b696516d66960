import { describe } from 'vitest'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { browserWithWorker, workerInControl } from '../support/offline.ts'

// member1 is a CONFIRMED singer of the demo sing-through: info pack and venue access are released.
const SLUG = 'messiah-singthrough'
const PAGES = [
  { path: `/applications/${SLUG}/participant-info/singer`, heading: /^Info Pack/ },
  { path: `/applications/${SLUG}/venue-access`, heading: /^Venue Access$/ },
]
const SAVED_AT = /^Offline — saved at \d{2}:\d{2}$/

describe('offline participant pages (service worker)', () => {
  test('open offline with a saved-at banner, and are gone after sign-out', async () => {
    const browser = await browserWithWorker(baseUrl, demo('member1'))
    try {
      const { context } = browser
      const page = await context.newPage()
      await page.goto(`${baseUrl}/`)
      await workerInControl(page)

      // Online: each page loads from the server and is kept on the device.
      for (const { path, heading } of PAGES) {
        await page.goto(`${baseUrl}${path}`)
        await page.getByRole('heading', { level: 1, name: heading }).waitFor()
        expect(await page.locator('#offline-banner').count()).toBe(0)
      }

      await context.setOffline(true)
      for (const { path, heading } of PAGES) {
        await page.goto(`${baseUrl}${path}`)
        await page.getByRole('heading', { level: 1, name: heading }).waitFor()
        const banner = page.getByRole('status').filter({ hasText: 'Offline — saved at' })
        await banner.waitFor()
        expect((await banner.textContent())?.trim()).toMatch(SAVED_AT)
      }
      if (PAGES[1]) {
        // The venue's text itself came from the device, not only the heading.
        await page.getByRole('region', { name: 'Venue' }).waitFor()
      }

      // Back online, sign out: the device forgets the member's pages.
      await context.setOffline(false)
      await page.goto(`${baseUrl}/profile`)
      await page
        .getByRole('region', { name: 'Your account' })
        .getByRole('button', { name: 'Sign out' })
        .click()
      await page.getByRole('status').filter({ hasText: 'You have signed out.' }).waitFor()
      // Sign-out deletes the saved copy without holding up the page: wait for it to be gone.
      await expect
        .poll(
          () =>
            page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('stagedoor-member'))),
          { timeout: 10_000 },
        )
        .toEqual([])

      await context.setOffline(true)
      for (const { path, heading } of PAGES) {
        await page.goto(`${baseUrl}${path}`)
        // The shell opens offline but finds no session kept: it waits for the network to say who
        // this is (the auth backoff), and never shows the member's page.
        await page.getByText('Checking your sign-in…').first().waitFor()
        await page.waitForTimeout(3_000)
        expect(await page.getByRole('heading', { level: 1, name: heading }).count()).toBe(0)
        expect(await page.getByText('Offline — saved at').count()).toBe(0)
      }
      expect(
        await page.evaluate(async () =>
          (await caches.keys()).filter((k) => k.startsWith('stagedoor-member')),
        ),
      ).toEqual([])
    } finally {
      await browser.close()
    }
  }, 120_000)
})
