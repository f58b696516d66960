import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe } from 'vitest'
import { publishUntilShown, settledBarBox, subscriptionSent } from '../support/announcements.ts'
import { isSameDocument, markDocument } from '../support/auth.ts'
import { seriousAxeViolations } from '../support/browser.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { sessionToken } from '../support/session.ts'

// Announcements are published by a superAdmin: the demo account the server seeds.
const superAdmin = demo('superadmin')

describe('landing page', () => {
  test('renders the wordmark, and says nothing about the service while it is healthy', async ({
    page,
    expectClean,
  }) => {
    const health = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/health')
    const response = await page.goto(`${baseUrl}/`)
    expect(response?.status()).toBe(200)
    // The strict policy is what makes "no CSP violations" below mean something.
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")

    await page.getByRole('heading', { level: 1, name: 'Stagedoor' }).waitFor()
    await page.getByRole('banner').getByRole('link', { name: 'Stagedoor home' }).waitFor()
    expect(await page.locator('header svg[data-logo-size="sm"]').count()).toBe(1)
    expect(await page.locator('main svg[data-logo-size="lg"]').count()).toBe(1)

    expect((await health).status()).toBe(200)
    expect(await page.locator('[data-health]').count()).toBe(0)

    // The public home is titled with the society's name (its settings; decision 0039).
    expect(await page.title()).toBe('Stagedoor')
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    for (const landmark of ['banner', 'main', 'contentinfo'] as const) {
      expect(await page.getByRole(landmark).count(), landmark).toBe(1)
    }
    expect(await seriousAxeViolations(page)).toEqual([])
    await expectClean()
  })

  test('has a skip link as the first stop for the keyboard, with a visible focus ring', async ({
    page,
    expectClean,
  }) => {
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { level: 1, name: 'Stagedoor' }).waitFor()
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement
      const box = el.getBoundingClientRect()
      return { text: el.textContent, width: box.width, outline: getComputedStyle(el).outlineStyle }
    })
    expect(focused.text).toBe('Skip to main content')
    expect(focused.width).toBeGreaterThan(50)
    expect(focused.outline).not.toBe('none')

    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await expectClean()
  })

  test('adds the decorative background class to the body in Chromium', async ({ page, expectClean }) => {
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { level: 1, name: 'Stagedoor' }).waitFor()
    expect(await page.evaluate(() => navigator.vendor)).toMatch(/^Google/)
    expect(await page.evaluate(() => document.body.classList.contains('decorative-background'))).toBe(true)
    await expectClean()
  })

  test('leaves the body plain when the vendor is Apple', async ({ page, expectClean }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'vendor', { get: () => 'Apple Computer, Inc.' })
    })
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { level: 1, name: 'Stagedoor' }).waitFor()
    expect(await page.evaluate(() => document.body.className)).toBe('')
    await expectClean()
  })
})

describe('not-found page', () => {
  test('is served for an unknown path and links home without a page load', async ({ page, expectClean }) => {
    const response = await page.goto(`${baseUrl}/no/such/page?from=e2e`)
    // The server answers every client route with index.html; the router decides it is unknown.
    expect(response?.status()).toBe(200)
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
    expect(await page.getByRole('main').textContent()).toContain('/no/such/page')
    expect(await page.title()).toBe('Page not found · Stagedoor')
    expect(await seriousAxeViolations(page)).toEqual([])

    await markDocument(page)
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await page.getByRole('heading', { level: 1, name: 'Stagedoor' }).waitFor()
    expect(page.url()).toBe(`${baseUrl}/`)
    expect(await isSameDocument(page)).toBe(true)
    // Focus moves to the new page so screen readers announce it.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await expectClean()
  })

  test('is rendered by the client when it navigates to an unknown route', async ({ page, expectClean }) => {
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { level: 1, name: 'Stagedoor' }).waitFor()
    await markDocument(page)
    await page.evaluate(() => {
      window.history.pushState(null, '', '/lost-in-the-wings')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
    expect(await page.getByRole('main').textContent()).toContain('/lost-in-the-wings')
    expect(await isSameDocument(page)).toBe(true)
    await expectClean()
  })
})

describe('announcements', () => {
  /** Open the page and resolve once its subscription has been sent over the WebSocket. */
  async function openSubscribedPage(page: Page): Promise<void> {
    const subscribed = subscriptionSent(page)
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { level: 1, name: 'Stagedoor' }).waitFor()
    await subscribed
  }

  test('shows a published announcement as a toast at the top right, with a close button', async ({
    page,
    expectClean,
  }) => {
    await openSubscribedPage(page)
    const token = await sessionToken(baseUrl, superAdmin)
    const { toast, message, authorName } = await publishUntilShown(
      page,
      baseUrl,
      token,
      `Rehearsal moves to the Great Hall ${randomUUID()}`,
    )
    expect(authorName).toBe(superAdmin.name)

    expect(await toast.textContent()).toContain(message)
    expect(await toast.textContent()).toContain(superAdmin.name)
    expect(page.viewportSize()?.width).toBe(1280)
    const box = await settledBarBox(page, toast)
    // Top right: react-hot-toast insets its container 16 px from the edges.
    expect(box.x + box.width).toBeCloseTo(1280 - 16, 0)
    expect(box.y).toBeLessThan(40)

    const close = page.getByRole('button', { name: 'Close notification' })
    expect(await close.count()).toBe(1)
    await close.click()
    await toast.waitFor({ state: 'detached', timeout: 5_000 })
    await expectClean()
  })

  test('centres the toast at the top on a phone-sized screen', async ({ page, expectClean }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openSubscribedPage(page)
    const token = await sessionToken(baseUrl, superAdmin)
    const { toast } = await publishUntilShown(
      page,
      baseUrl,
      token,
      `Concert dress code reminder ${randomUUID()}`,
    )
    const box = await settledBarBox(page, toast)
    expect(Math.abs(box.x + box.width / 2 - 390 / 2)).toBeLessThan(1)
    expect(box.y).toBeLessThan(40)
    await expectClean()
  })
})
