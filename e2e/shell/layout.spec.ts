import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe } from 'vitest'
import { publishUntilShown, settledBarBox, subscriptionSent } from '../support/announcements.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { sessionToken } from '../support/session.ts'
import { settledNav } from '../support/shell.ts'

const superAdmin = demo('superadmin')

// Every test here is member1's, on their home page.
test.beforeEach(async ({ signedInAs }) => {
  await signedInAs('member1')
})

async function openHome(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 })
  await page.goto(`${baseUrl}/`)
  await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
}

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement
    return {
      inDialog: Boolean(element?.closest('[role="dialog"]')),
      label: element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '',
    }
  })

describe('under 768 px', () => {
  test('opens the sidebar as a slide-over from the menu button, keeps focus in it, and Escape closes it', async ({
    page,
    expectClean,
  }) => {
    await openHome(page, 375)
    expect(await page.locator('#app-sidebar').count()).toBe(0)
    const menu = page.getByRole('banner').getByRole('button', { name: 'Open menu' })
    expect(await menu.getAttribute('aria-expanded')).toBe('false')

    await menu.click()
    const dialog = page.getByRole('dialog', { name: 'Menu' })
    await dialog.waitFor()
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    const nav = await settledNav(page)
    expect(await nav.getByRole('link', { name: 'Cast List' }).isVisible()).toBe(true)
    expect(await activeElement(page)).toEqual({ inDialog: true, label: 'Close menu' })

    // Focus is trapped: a full lap with Tab, and back with Shift+Tab, never leaves the panel.
    const stops = await dialog.locator('a, button, select').count()
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press('Tab')
      expect((await activeElement(page)).inDialog).toBe(true)
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab')
      expect((await activeElement(page)).inDialog).toBe(true)
    }

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await activeElement(page)).toEqual({ inDialog: false, label: 'Open menu' })
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await expectClean()
  })

  test('closes the slide-over when one of its links is followed', async ({ page, expectClean }) => {
    await openHome(page, 375)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Applications' }).click()
    await page.getByRole('heading', { level: 1, name: 'My applications' }).waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    // Focus moves to the new page, as after any navigation.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectClean()
  })
})

describe('from 768 to 1023 px', () => {
  test('starts collapsed to icons, expands from its toggle, and remembers that', async ({
    page,
    expectClean,
  }) => {
    await openHome(page, 900)
    const aside = page.locator('#app-sidebar')
    const toggle = aside.getByRole('button', { name: 'Sidebar' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect((await aside.boundingBox())?.width).toBeLessThan(100)
    // Collapsed to icons, every link keeps its name.
    const nav = await settledNav(page)
    const venueAccess = nav.getByRole('link', { name: 'Venue Access' })
    expect((await venueAccess.boundingBox())?.width).toBeLessThan(60)

    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await expect.poll(async () => (await aside.boundingBox())?.width).toBe(256)
    expect((await venueAccess.boundingBox())?.width).toBeGreaterThan(200)

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    expect(
      await page
        .locator('#app-sidebar')
        .getByRole('button', { name: 'Sidebar' })
        .getAttribute('aria-expanded'),
    ).toBe('true')
    await expectClean()
  })
})

describe('from 1024 px', () => {
  test('starts expanded and collapses from its toggle', async ({ page, expectClean }) => {
    await openHome(page, 1280)
    const aside = page.locator('#app-sidebar')
    const toggle = aside.getByRole('button', { name: 'Sidebar' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    expect((await aside.boundingBox())?.width).toBe(256)
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await expect.poll(async () => (await aside.boundingBox())?.width).toBeLessThan(100)
    await expectClean()
  })

  test('shows a toast at the top right that closes by its button', async ({ page, expectClean }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const subscribed = subscriptionSent(page)
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    await subscribed
    const token = await sessionToken(baseUrl, superAdmin)
    const { toast, message } = await publishUntilShown(
      page,
      baseUrl,
      token,
      `Sectionals at six ${randomUUID()}`,
    )
    expect(await toast.textContent()).toContain(message)
    const box = await settledBarBox(page, toast)
    expect(box.x + box.width).toBeCloseTo(1280 - 16, 0)
    expect(box.y).toBeLessThan(40)
    await page.getByRole('button', { name: 'Close notification' }).click()
    await toast.waitFor({ state: 'detached', timeout: 5_000 })
    await expectClean()
  })
})
