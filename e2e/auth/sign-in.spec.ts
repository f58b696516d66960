import { describe, inject } from 'vitest'
import { isSameDocument, markDocument, sessionEmail, signInWithForm } from '../support/auth.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'

const accounts = inject('demoAccounts')
const member1 = demo('member1')
const member3 = demo('member3')
const superAdmin = demo('superadmin')

describe('protected routes', () => {
  test('send an anonymous visitor to sign in, and back to the page and query after', async ({
    page,
    expectClean,
  }) => {
    await page.goto(`${baseUrl}/applications?tab=2`)
    await page.waitForURL(`${baseUrl}/login?redirectTo=%2Fapplications%3Ftab%3D2`)
    // The address changes a moment before the sign-in page has rendered (and named the document).
    await page.getByRole('heading', { level: 1, name: 'Sign in to Stagedoor' }).waitFor()
    expect(await page.title()).toBe('Sign in · Stagedoor')

    await signInWithForm(page, member1)
    await page.waitForURL(`${baseUrl}/applications?tab=2`)
    await page.getByRole('heading', { level: 1, name: 'My applications' }).waitFor()
    // Their own applications, loaded after sign-in.
    await page.getByRole('main').getByText('Messiah Sing-through').first().waitFor()
    expect(await page.getByRole('region', { name: 'Your account' }).textContent()).toContain(member1.name)
    expect(await sessionEmail(page, baseUrl)).toBe(member1.email)
    await expectClean()
  })

  test('show an accessible spinner while auth resolves', async ({ page, expectClean }) => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/auth/get-session', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${baseUrl}/profile`)
    const spinner = page.getByRole('status', { name: 'Checking your sign-in…' })
    await spinner.waitFor()
    expect(page.url()).toBe(`${baseUrl}/profile`)
    release()
    await page.waitForURL(`${baseUrl}/login?redirectTo=%2Fprofile`)
    await expectClean()
  })

  test.for(['/events', '/profile', '/applications'])('%s is guarded', async (path, { page, expectClean }) => {
    await page.goto(`${baseUrl}${path}`)
    await page.waitForURL(`${baseUrl}/login?redirectTo=${encodeURIComponent(path)}`)
    await expectClean()
  })
})

describe('redirects after sign-in', () => {
  test.for(['https://evil.example', '//evil'])(
    'ignore a redirectTo of %s and land on /',
    async (evil, { page, expectClean }) => {
      await page.goto(`${baseUrl}/login?redirectTo=${encodeURIComponent(evil)}`)
      await signInWithForm(page, member1)
      await page.waitForURL(`${baseUrl}/`)
      await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
      expect(new URL(page.url()).origin).toBe(baseUrl)
      await expectClean()
    },
  )
})

describe('a wrong password', () => {
  test('gets a clear, focused error and no access', async ({ page, problems, expectClean }) => {
    await page.goto(`${baseUrl}/login?redirectTo=%2Fprofile`)
    await signInWithForm(page, { email: member3.email, password: 'not-the-right-password' })
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('The email address or password is not right.')
    // Focus moved to the error summary, so keyboard and screen-reader users land on it.
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-error-summary'))).toBe(true)
    expect(page.url()).toBe(`${baseUrl}/login?redirectTo=%2Fprofile`)
    expect(await sessionEmail(page, baseUrl)).toBeNull()

    await page.goto(`${baseUrl}/profile`)
    await page.waitForURL(`${baseUrl}/login?redirectTo=%2Fprofile`)
    // The refused sign-in's 401 is the only error Chromium logs.
    expect(problems.errors).toEqual([expect.stringMatching(/status of 401.*\/api\/auth\/sign-in\/email/)])
    await expectClean([/status of 401.*\/api\/auth\/sign-in\/email/])
  })

  test('says how long to wait when the server is rate limiting', async ({ page, expectClean }) => {
    // Real limits take 10+ attempts to trip and would then lock the account for the other tests.
    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '42' },
        contentType: 'application/json',
        body: JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many attempts.', retryAfterSeconds: 42 }),
      }),
    )
    await page.goto(`${baseUrl}/login`)
    await signInWithForm(page, member3)
    await page.getByRole('alert').filter({ hasText: 'Too many attempts. Try again in 42 seconds.' }).waitFor()
    await expectClean([/status of 429.*\/api\/auth\/sign-in\/email/])
  })

  test('says what is missing before asking the server', async ({ page, expectClean }) => {
    await page.goto(`${baseUrl}/login`)
    await page.getByRole('heading', { level: 1, name: 'Sign in to Stagedoor' }).waitFor()
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('Enter your email address.')
    expect(await alert.textContent()).toContain('Enter your password.')
    expect(await page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true')
    // The summary's links take you to the field.
    await alert.getByRole('link', { name: 'Enter your password.' }).click()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password')
    await expectClean()
  })
})

describe('demo mode', () => {
  test('lists the demo accounts and signs in with one click', async ({ page, expectClean }) => {
    await page.goto(`${baseUrl}/login?redirectTo=%2Fevents`)
    const demo = page.getByRole('region', { name: 'Demo accounts' })
    await demo.waitFor()
    for (const account of accounts) expect(await demo.textContent()).toContain(account.email)
    expect(await demo.textContent()).toContain(superAdmin.password)

    await demo.getByRole('button', { name: `Sign in as ${superAdmin.name}` }).click()
    await page.waitForURL(`${baseUrl}/events`)
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    expect(await page.getByRole('region', { name: 'Your account' }).textContent()).toContain(superAdmin.name)

    // The session is real: the page's access token gets the superAdmin from GraphQL.
    const me = await page.evaluate(async () => {
      const { token } = (await (await fetch('/api/auth/token')).json()) as { token: string }
      const response = await fetch('/api/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'auth-provider': 'better-auth',
        },
        body: JSON.stringify({ query: '{ currentUser { email roles } }' }),
      })
      return ((await response.json()) as { data: { currentUser: unknown } }).data.currentUser
    })
    expect(me).toEqual({ email: superAdmin.email, roles: ['superAdmin'] })
    await expectClean()
  })
})

describe('signing out', () => {
  test('revokes the session and says so', async ({ page, expectClean }) => {
    await page.goto(`${baseUrl}/login?redirectTo=%2Fprofile`)
    await page.getByRole('button', { name: `Sign in as ${member1.name}` }).click()
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor()
    await markDocument(page)

    await page.getByRole('region', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('status').filter({ hasText: 'You have signed out.' }).waitFor()
    expect(page.url()).toBe(`${baseUrl}/login`)
    expect(await isSameDocument(page)).toBe(true)
    expect(await sessionEmail(page, baseUrl)).toBeNull()

    await page.goto(`${baseUrl}/profile`)
    await page.waitForURL(`${baseUrl}/login?redirectTo=%2Fprofile`)
    await expectClean()
  })

  test('the header offers "Sign in" to visitors and goes back to the page after', async ({
    page,
    expectClean,
  }) => {
    await page.goto(`${baseUrl}/privacy?from=e2e`)
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click()
    await page.waitForURL(`${baseUrl}/login?redirectTo=%2Fprivacy%3Ffrom%3De2e`)
    await expectClean()
  })
})

describe('keyboard', () => {
  test('signs in with the keyboard alone', async ({ page, expectClean }) => {
    await page.goto(`${baseUrl}/login?redirectTo=%2Fprofile`)
    await page.getByLabel('Email address').waitFor()
    // Logo link first, then the email field.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-email')
    await page.keyboard.type(member1.email)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password')
    await page.keyboard.type(member1.password)
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/profile`)
    // Focus moves to the new page for screen readers (once it has rendered).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
    await expectClean()
  })
})
