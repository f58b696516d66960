import { describe } from 'vitest'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'

// The member home arrives rendered (server/http/prerendered-home.ts, built from
// src/client/app/prerender.tsx) so it paints before the bundle has run, and the app takes those
// elements over (decision 0027, "The member home, painted from the page").

const member = demo('member1')
const firstName = member.name.split(' ')[0]

describe('the prerendered member home', () => {
  test('is in the page itself: the shell and the home, inert until the app runs', async ({
    page,
    signedInAs,
  }) => {
    await signedInAs('member1')
    // No script at all: what the browser paints from the page alone.
    await page.route(/\.js$/, (route) => route.abort())
    await page.goto(`${baseUrl}/`)
    const root = page.locator('#root')
    await expect.poll(() => root.getAttribute('inert')).toBe('')
    expect(await root.getAttribute('aria-hidden')).toBe('true')
    await expect.poll(() => page.locator('h1').textContent()).toBe('Events')
    expect(await page.locator('main p').first().textContent()).toContain(`Hello, ${firstName}.`)
    // Below the greeting, nothing until the events arrive: a box drawn now would be pushed down.
    expect(await page.locator('#root').textContent()).not.toContain('Subscribe in your calendar')
    // At 1280 px the sidebar shows and the top bar does not (CSS chooses: the width is unknown).
    expect(await page.locator('aside#app-sidebar').isVisible()).toBe(true)
    expect(await page.locator('header').isVisible()).toBe(false)
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await page.locator('aside#app-sidebar').isVisible()).toBe(false)
    expect(await page.locator('header').isVisible()).toBe(true)
  })

  test('is painted before the app runs (the app waits for that paint)', async ({ page, signedInAs }) => {
    await signedInAs('member1')
    await page.goto(`${baseUrl}/`)
    await page.getByRole('list', { name: 'Upcoming events' }).waitFor()
    const times = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      appStart: performance.getEntriesByName('stagedoor:app-start')[0]?.startTime ?? null,
    }))
    expect(times.paint, 'first contentful paint').not.toBeNull()
    expect(times.appStart, 'the app start mark').not.toBeNull()
    expect(times.paint!).toBeLessThan(times.appStart!)
  })

  for (const width of [1280, 375]) {
    test(`becomes the app without a second copy or a moved page, at ${width} px`, async ({
      page,
      signedInAs,
      expectClean,
    }) => {
      await signedInAs('member1')
      await page.setViewportSize({ width, height: 800 })
      // The page's paragraph as the page brought it, kept to compare with the app's.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return
          const w = window as unknown as { prerenderedHeading?: Element | null }
          w.prerenderedHeading = document.querySelector('main h1')
        })
      })
      await page.goto(`${baseUrl}/`)
      await page.getByRole('list', { name: 'Upcoming events' }).waitFor()
      expect(await page.locator('#root').getAttribute('inert')).toBeNull()
      expect(await page.locator('#root').getAttribute('data-prerendered')).toBeNull()
      expect(await page.locator('main').count()).toBe(1)
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)
      // The app took the page's elements over instead of drawing them again.
      expect(
        await page.evaluate(() => {
          const w = window as unknown as { prerenderedHeading?: Element | null }
          return Boolean(w.prerenderedHeading?.isConnected)
        }),
      ).toBe(true)
      if (width === 1280) {
        expect(await page.locator('aside#app-sidebar').count()).toBe(1)
        expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0)
        await page.getByRole('button', { name: 'Sidebar' }).click()
        await expect.poll(() => page.locator('aside#app-sidebar').getAttribute('data-collapsed')).toBe('true')
        await page.getByRole('button', { name: 'Sidebar' }).click()
      } else {
        expect(await page.locator('aside#app-sidebar').count()).toBe(0)
        await page.getByRole('button', { name: 'Open menu' }).click()
        await page
          .getByRole('dialog', { name: 'Menu' })
          .getByRole('link', { name: 'Profile', exact: true })
          .click()
        await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor()
      }
      expect(await page.title()).not.toBe('Stagedoor')
      await expectClean()
    })
  }
})
