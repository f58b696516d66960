import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { pageTrouble, seriousAxeViolations, type PageProblems } from '../support/browser.ts'
import { usePagePerTest } from '../support/page-fixture.ts'

const baseUrl = inject('baseUrl')

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

let page: Page
let problems: PageProblems

usePagePerTest({ clearCookies: true }, (fixture) => {
  ;({ page, problems } = fixture)
})

async function open(path: string, heading: string) {
  await page.goto(`${baseUrl}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  // Wait for the answers that fill the page in (auth config: demo accounts, providers).
  await page.waitForLoadState('networkidle')
}

describe('sign-in screens', () => {
  it.each(SCREENS)(
    '$path: no serious accessibility violation, clean, fits 360 px',
    async ({ path, heading }) => {
      await open(path, heading)
      expect(await seriousAxeViolations(page)).toEqual([])
      expect(await page.getByRole('main').count()).toBe(1)
      expect(await page.title()).toMatch(/ · Stagedoor$/)

      // The same page on a small phone: nothing wider than the screen, still no violation.
      await page.setViewportSize({ width: 360, height: 740 })
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      expect(await seriousAxeViolations(page)).toEqual([])
      expect(await pageTrouble(page, problems)).toEqual({ errors: [], cspViolations: [] })
    },
  )

  it('shows no provider buttons when no provider is configured', async () => {
    await open('/login', 'Sign in to Stagedoor')
    expect(await page.getByRole('button', { name: /^Continue with/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Email me a sign-in link' }).count()).toBe(1)
  })

  it('/login/success with an error never leaves the member stranded', async () => {
    await open('/login/success?error=provider&redirectTo=%2Fprofile', 'Sign-in did not finish')
    expect(await page.getByRole('main').textContent()).toContain('did not sign you in')
    await page.getByRole('link', { name: 'Back to sign in' }).click()
    await page.waitForURL(`${baseUrl}/login?redirectTo=%2Fprofile`)
  })

  it('/reset-password with an expired link offers to ask again', async () => {
    await open('/reset-password?error=INVALID_TOKEN', 'This link has expired or was already used')
    await page.getByRole('link', { name: 'Ask for a new link' }).click()
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor()
    expect(page.url()).toBe(`${baseUrl}/forgot-password`)
    // Focus followed the navigation.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
  })

  it('/forgot-password prefills the email from the link', async () => {
    await open('/forgot-password?email=member1%40stagedoor.test', 'Reset your password')
    expect(await page.getByLabel('Email address').inputValue()).toBe('member1@stagedoor.test')
  })

  it('the password field checks the policy as you type', async () => {
    await open('/signup', 'Create your account')
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
    expect(await pageTrouble(page, problems)).toEqual({ errors: [], cspViolations: [] })
  })
})
