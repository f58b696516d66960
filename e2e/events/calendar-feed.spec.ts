import type { Page } from 'playwright-core'
import { expect, inject, it } from 'vitest'
import { demoAccount } from '../support/accounts.ts'
import {
  pageTrouble,
  seriousAxeViolations,
  type BrowserHandle,
  type PageProblems,
} from '../support/browser.ts'
import { usePagePerTest } from '../support/page-fixture.ts'
import { useSession } from '../support/session.ts'

const baseUrl = inject('baseUrl')
const accounts = inject('demoAccounts')
const member2 = demoAccount(accounts, 'member2@stagedoor.test')

let browser: BrowserHandle
let page: Page
let problems: PageProblems

usePagePerTest({ clearStorageAt: baseUrl }, (fixture) => {
  ;({ browser, page, problems } = fixture)
})

it('a member makes a private calendar link on /events, and renews it after confirming', async () => {
  await useSession(browser.context, baseUrl, member2)
  await page.goto(`${baseUrl}/events`)
  const section = page.getByRole('region', { name: 'Subscribe in your calendar' })
  await section.waitFor()
  const link = section.getByLabel('Your private calendar link')
  if ((await link.count()) === 0) await section.getByRole('button', { name: 'Make my calendar link' }).click()
  await link.waitFor()
  const first = await link.inputValue()
  expect(first).toMatch(/\/api\/calendar\/member\/[^/]+\.ics$/)
  const feed = await page.request.get(first)
  expect(feed.status()).toBe(200)
  expect(await feed.text()).toContain('BEGIN:VCALENDAR')

  await section.getByRole('button', { name: 'Make a new link (the old one stops working)' }).click()
  const confirm = section.getByRole('alertdialog')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  expect(await link.inputValue()).toBe(first)
  await section.getByRole('button', { name: 'Make a new link (the old one stops working)' }).click()
  await confirm.getByRole('button', { name: 'Yes, make a new link' }).click()
  await section.getByText('A new link is ready. The old one no longer works.').waitFor()
  const second = await link.inputValue()
  expect(second).not.toBe(first)
  expect((await page.request.get(first)).status()).toBe(404)
  expect((await page.request.get(second)).status()).toBe(200)

  await page.waitForLoadState('networkidle')
  expect(await seriousAxeViolations(page)).toEqual([])
  expect(await pageTrouble(page, problems)).toEqual({ errors: [], cspViolations: [] })
})

it('the public listings link to the public calendar feed', async () => {
  await useSession(browser.context, baseUrl, null)
  await page.goto(`${baseUrl}/listings`)
  const feed = page.getByRole('link', { name: 'Subscribe to these events in your calendar' })
  expect(await feed.getAttribute('href')).toBe('/api/calendar/public.ics')
  expect(await pageTrouble(page, problems)).toEqual({ errors: [], cspViolations: [] })
})
