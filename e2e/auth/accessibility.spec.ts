import type { Page } from 'playwright-core'
import { describe } from 'vitest'
import { seriousAxeViolations } from '../support/browser.ts'
import { baseUrl, expect, test } from '../support/fixtures.ts'

/** Each sign-in screen, and the heading that says it has rendered. */
const SCREENS = [
  { path: '/login', heading: 'Sign in to Stagedoor' },
  { path: '/signup', heading: 'Create your account' },
  { path: '/forgot-password', heading: 'Reset your password' },
  { path: '/reset-password?error=INVALID_TOKEN', heading: 'This link has expired or was already used' },
  { path: '/reset-password?token=some-token', heading: 'Choose a new password' },
  { path: '/login/success?error=provider', heading: 'Sign-in did not finish' },
  { path: '/login/success', heading: 'Sign-in did not finish' },
  { path: '/login/magic?token=some-token', heading: 'Sign in to Stagedoor' },
  { path: '/login/magic', heading: 'This sign-in link is incomplete' },
]

async function open(page: Page, path: string, heading: string) {
  await page.goto(`${baseUrl}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  // Wait for the answers that fill the page in (auth config: demo accounts, providers).
  await page.waitForLoadState('networkidle')
}

describe('sign-in screens', () => {
  test.for(SCREENS)(
    '$path: no serious accessibility violation, clean, fits 360 px',
    async ({ path, heading }, { page, expectClean }) => {
      await open(page, path, heading)
      expect(await seriousAxeViolations(page)).toEqual([])
      expect(await page.getByRole('main').count()).toBe(1)
      expect(await page.title()).toMatch(/ · Stagedoor$/)

      // The same page on a small phone: nothing wider than the screen, still no violation.
      await page.setViewportSize({ width: 360, height: 740 })
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      expect(await seriousAxeViolations(page)).toEqual([])
      await expectClean()
    },
  )

  test('shows no provider buttons when no provider is configured', async ({ page }) => {
    await open(page, '/login', 'Sign in to Stagedoor')
    expect(await page.getByRole('button', { name: /^Continue with/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Email me a sign-in link' }).count()).toBe(1)
  })

  test('/login/success with an error never leaves the member stranded', async ({ page }) => {
    await open(page, '/login/success?error=provider&redirectTo=%2Fprofile', 'Sign-in did not finish')
    expect(await page.getByRole('main').textContent()).toContain('did not sign you in')
    await page.getByRole('link', { name: 'Back to sign in' }).click()
    await page.waitForURL(`${baseUrl}/login?redirectTo=%2Fprofile`)
  })

  test('/reset-password with an expired link offers to ask again', async ({ page }) => {
    await open(page, '/reset-password?error=INVALID_TOKEN', 'This link has expired or was already used')
    await page.getByRole('link', { name: 'Ask for a new link' }).click()
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor()
    expect(page.url()).toBe(`${baseUrl}/forgot-password`)
    // Focus followed the navigation.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
  })

  test('/forgot-password prefills the email from the link', async ({ page }) => {
    await open(page, '/forgot-password?email=member1%40stagedoor.test', 'Reset your password')
    expect(await page.getByLabel('Email address').inputValue()).toBe('member1@stagedoor.test')
  })

  test('the password field checks the policy as you type', async ({ page, expectClean }) => {
    await open(page, '/signup', 'Create your account')
    const password = page.getByLabel('Password', { exact: true })
    await password.fill('short')
    await page.getByText('Use at least 10 characters.').waitFor()
    await password.fill('1234567890')
    await page.getByText('That password is one of the most common ones; choose another.').waitFor()
    await password.fill('a rather long and unusual pass phrase')
    await page.getByText('That password is good to use.').waitFor()
    // The feedback is read with the field.
    const describedBy = (await password.getAttribute('aria-describedby')) ?? ''
    expect(describedBy.split(' ').length).toBeGreaterThanOrEqual(2)
    await expectClean()
  })
})
