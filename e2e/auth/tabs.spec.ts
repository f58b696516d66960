import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { demoAccount } from '../support/accounts.ts'
import { isSameDocument, markDocument, signInWithForm } from '../support/auth.ts'
import {
  launchBrowser,
  pageTrouble,
  watchPage,
  type BrowserHandle,
  type PageProblems,
} from '../support/browser.ts'

const baseUrl = inject('baseUrl')
const member2 = demoAccount(inject('demoAccounts'), 'member2@stagedoor.test')

let browser: BrowserHandle
const pages: { page: Page; problems: PageProblems }[] = []

async function openTab(): Promise<Page> {
  const page = await browser.context.newPage()
  pages.push({ page, problems: watchPage(page) })
  return page
}

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  await browser.context.clearCookies()
})
afterEach(async () => {
  for (const { page, problems } of pages.splice(0)) {
    expect(await pageTrouble(page, problems)).toEqual({ errors: [], cspViolations: [] })
    await page.close()
  }
})

describe('two tabs of one browser', () => {
  it('sign-out in one tab signs the other out within 2 s, without a reload', async () => {
    const first = await openTab()
    await first.goto(`${baseUrl}/login?redirectTo=%2Fprofile`)
    await signInWithForm(first, member2)
    await first.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor()

    const second = await openTab()
    await second.goto(`${baseUrl}/applications`)
    await second.getByRole('heading', { level: 1, name: 'My applications' }).waitFor()
    await markDocument(second)

    await first
      .getByRole('region', { name: 'Your account' })
      .getByRole('button', { name: 'Sign out' })
      .click()
    const signedOutAt = Date.now()
    await second.waitForURL(`${baseUrl}/login?redirectTo=%2Fapplications`, { timeout: 2_000 })
    await second.getByRole('heading', { level: 1, name: 'Sign in to Stagedoor' }).waitFor({ timeout: 2_000 })
    expect(Date.now() - signedOutAt).toBeLessThan(2_000)
    expect(await isSameDocument(second)).toBe(true)
  })

  it('sign-in in one tab signs the other in, which goes on to where it was going', async () => {
    const waiting = await openTab()
    await waiting.goto(`${baseUrl}/applications?tab=2`)
    await waiting.waitForURL(`${baseUrl}/login?redirectTo=%2Fapplications%3Ftab%3D2`)
    await waiting.getByRole('heading', { level: 1, name: 'Sign in to Stagedoor' }).waitFor()
    await markDocument(waiting)

    const signing = await openTab()
    await signing.goto(`${baseUrl}/login`)
    await signInWithForm(signing, member2)
    await signing.waitForURL(`${baseUrl}/`)

    await waiting.waitForURL(`${baseUrl}/applications?tab=2`, { timeout: 2_000 })
    await waiting.getByRole('heading', { level: 1, name: 'My applications' }).waitFor({ timeout: 2_000 })
    expect(await isSameDocument(waiting)).toBe(true)
  })
})

describe('the realtime connection', () => {
  it('reconnects with the token on sign-in and without it on sign-out', async () => {
    const page = await openTab()
    const inits: string[] = []
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        if (typeof frame.payload !== 'string') return
        const message = JSON.parse(frame.payload) as { type: string; payload?: { authorization?: string } }
        if (message.type === 'connection_init')
          inits.push(message.payload?.authorization ? 'bearer' : 'anonymous')
      })
    })
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { level: 1, name: 'Stagedoor' }).waitFor()
    await expect.poll(() => inits, { timeout: 5_000 }).toEqual(['anonymous'])
    await markDocument(page)

    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click()
    await signInWithForm(page, member2)
    await page
      .getByRole('region', { name: 'Your account' })
      .getByRole('button', { name: 'Sign out' })
      .waitFor()
    await expect.poll(() => inits.at(-1), { timeout: 5_000 }).toBe('bearer')

    await page.getByRole('region', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('status').filter({ hasText: 'You have signed out.' }).waitFor()
    await expect.poll(() => inits.at(-1), { timeout: 5_000 }).toBe('anonymous')
    // All in one page load: the socket followed the session, not a reload.
    expect(await isSameDocument(page)).toBe(true)
  })
})
