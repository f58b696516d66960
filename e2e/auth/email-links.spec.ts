import { randomUUID } from 'node:crypto'
import { describe } from 'vitest'
import { linkIn, sessionEmail, signInWithForm, waitForMail } from '../support/auth.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'

// Journeys through emailed links: the e2e server has no SMTP, so mail waits in the outbox, which a
// superAdmin can read over GraphQL. The tests of this file run in order and share one new account.

const superAdmin = demo('superadmin')
const member3 = demo('member3')

const newcomer = {
  name: 'Nia Newcomer',
  email: `nia-${randomUUID().slice(0, 8)}@stagedoor.test`,
  password: 'first night nerves 2026',
}

describe('sign-up', () => {
  test('signs up, then the confirmation link signs in and goes on to the page asked for', async ({
    page,
    expectClean,
  }) => {
    await page.goto(`${baseUrl}/signup?redirectTo=%2Fprofile`)
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor()
    await page.getByLabel('Your name').fill(newcomer.name)
    await page.getByLabel('Email address').fill(newcomer.email)
    await page.getByLabel('Password', { exact: true }).fill('password1')
    await page.getByRole('button', { name: 'Create account' }).click()
    // The policy is checked before anything is sent.
    await page.getByRole('alert').filter({ hasText: 'Use at least 10 characters.' }).waitFor()

    await page.getByLabel('Password', { exact: true }).fill(newcomer.password)
    await page.getByRole('button', { name: 'Create account' }).click()
    const heading = page.getByRole('heading', { level: 1, name: 'Check your email' })
    await heading.waitFor()
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
    expect(await page.getByRole('main').textContent()).toContain(newcomer.email)
    expect(await sessionEmail(page, baseUrl)).toBeNull()

    const mail = await waitForMail(baseUrl, superAdmin, newcomer.email, 'auth.verify-email')
    await page.goto(linkIn(mail.text).toString())
    await page.waitForURL(`${baseUrl}/profile`)
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor()
    expect(await page.getByRole('region', { name: 'Your account' }).textContent()).toContain(newcomer.name)
    await expectClean()
  })
})

describe('forgot and reset password', () => {
  test('emails a link that lands on the form, sets a new password, and cannot be used twice', async ({
    page,
    expectClean,
  }) => {
    await page.goto(`${baseUrl}/login`)
    await page.getByLabel('Email address').fill(newcomer.email)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor()
    expect(await page.getByLabel('Email address').inputValue()).toBe(newcomer.email)
    await page.getByRole('button', { name: 'Email me a reset link' }).click()
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor()

    const mail = await waitForMail(baseUrl, superAdmin, newcomer.email, 'auth.reset-password')
    const link = linkIn(mail.text)
    await page.goto(link.toString())
    await page.waitForURL(/\/reset-password\?token=/)
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor()
    newcomer.password = 'a brand new pass phrase 2026'
    await page.getByLabel('New password', { exact: true }).fill(newcomer.password)
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByRole('heading', { level: 1, name: 'Your password has been changed' }).waitFor()

    await page.getByRole('link', { name: 'Sign in' }).click()
    await signInWithForm(page, newcomer)
    await page.waitForURL(`${baseUrl}/`)
    expect(await sessionEmail(page, baseUrl)).toBe(newcomer.email)

    // The same link again: validated by the server, refused, and the page says what to do.
    await page.goto(link.toString())
    await page.waitForURL(`${baseUrl}/reset-password?error=INVALID_TOKEN`)
    await page.getByRole('heading', { level: 1, name: 'This link has expired or was already used' }).waitFor()
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor()
    await expectClean()
  })
})

describe('magic link', () => {
  test('emails a link whose page spends nothing until "Sign in" is pressed, then works once', async ({
    browser,
    page,
    expectClean,
  }) => {
    await page.goto(`${baseUrl}/login?redirectTo=%2Fapplications%3Ftab%3D2`)
    await page.getByLabel('Email address').fill(member3.email)
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
    await page.getByRole('status').filter({ hasText: 'a sign-in link is on its way' }).waitFor()

    const mail = await waitForMail(baseUrl, superAdmin, member3.email, 'auth.magic-link')
    const link = linkIn(mail.text)
    expect(link.pathname).toBe('/login/magic')
    expect(link.searchParams.get('redirectTo')).toBe('/applications?tab=2')

    // Opening the page (as a mail scanner would) signs nobody in and spends nothing.
    await page.goto(link.toString())
    await page.getByRole('heading', { level: 1, name: 'Sign in to Stagedoor' }).waitFor()
    expect(await sessionEmail(page, baseUrl)).toBeNull()
    await page.reload()
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(`${baseUrl}/applications?tab=2`)
    expect(await sessionEmail(page, baseUrl)).toBe(member3.email)

    // A second use is refused with a way forward.
    await browser.context.clearCookies()
    await page.goto(link.toString())
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'already been used' }).waitFor()
    await page.getByRole('link', { name: 'Ask for a new sign-in link' }).click()
    await page.waitForURL(`${baseUrl}/login?redirectTo=%2Fapplications%3Ftab%3D2`)
    await expectClean([/status of 400.*\/api\/auth\/magic-link\/consume/])
  })
})
