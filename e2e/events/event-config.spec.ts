import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { demoAccount } from '../support/accounts.ts'
import { launchBrowser, pageTrouble, watchPage, type BrowserHandle } from '../support/browser.ts'
import { clearStorage, useSession } from '../support/session.ts'

const baseUrl = inject('baseUrl')
const accounts = inject('demoAccounts')
const sitrMD = demoAccount(accounts, 'sitrmd@stagedoor.test')

let admin: BrowserHandle
let visitor: BrowserHandle

beforeAll(async () => {
  ;[admin, visitor] = await Promise.all([launchBrowser(), launchBrowser()])
})
afterAll(async () => {
  await Promise.all([admin?.close(), visitor?.close()])
})

/** A datetime-local value `days` from now at 19:00 local time. */
function daysAhead(days: number, hour = 19): string {
  const d = new Date()
  d.setDate(d.getDate() + days)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`
}

async function createEvent(page: Page, title: string, slug: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/events`)
  await page.getByRole('link', { name: 'Create event' }).click()
  await page.getByRole('heading', { level: 1, name: 'Create event' }).waitFor()

  // The shared schema refuses a bad slug and an end before the start before anything is sent.
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Slug', { exact: true }).fill('Not a slug')
  await page.getByLabel('Start').fill(daysAhead(30))
  await page.getByLabel('End', { exact: true }).fill(daysAhead(29))
  await page.getByRole('button', { name: 'Create event' }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
  await summary.waitFor()
  expect(await summary.textContent()).toContain('Slug: Use lower-case letters')
  expect(await summary.textContent()).toContain('End: The end must not be before the start.')

  await page.getByLabel('Slug', { exact: true }).fill(slug)
  await page.getByLabel('End', { exact: true }).fill(daysAhead(30, 22))
  await page.getByLabel('Summary').fill('An evening of new music by our members.')
  await page.getByLabel('Venue').fill('Recital Room')
  await page.getByLabel('Description').fill('## Programme\n\nNew pieces, **first performances**.')
  await page.getByRole('button', { name: 'Create event' }).click()
  await page.waitForURL(`${baseUrl}/admin/events`)
}

it('an admin creates an event and publishes it, and it appears on /listings for the public', async () => {
  const page = await admin.context.newPage()
  const problems = watchPage(page)
  await clearStorage(page, baseUrl)
  await useSession(admin.context, baseUrl, sitrMD)
  const slug = `new-music-${Date.now().toString(36)}`
  const title = `New Music Night ${slug.slice(10)}`
  await createEvent(page, title, slug)

  // A draft: not listed for the public yet.
  const card = page.getByRole('article', { name: title })
  await card.waitFor()
  expect(await card.textContent()).toContain('Draft')
  const anonymous = await visitor.context.newPage()
  const visitorProblems = watchPage(anonymous)
  await anonymous.goto(`${baseUrl}/listings`)
  await anonymous.getByRole('list', { name: 'Upcoming events' }).waitFor()
  expect(await anonymous.getByRole('heading', { name: title }).count()).toBe(0)

  await card.getByRole('button', { name: 'Publish' }).click()
  await card.getByRole('button', { name: 'Unpublish' }).waitFor()
  expect(await card.textContent()).toContain('Public')

  await anonymous.reload()
  const listing = anonymous.getByRole('article', { name: title })
  await listing.waitFor()
  expect(await listing.textContent()).toContain('Recital Room')
  expect(await listing.textContent()).toContain('An evening of new music by our members.')
  await listing.getByRole('link', { name: 'Find out more' }).click()
  await anonymous.getByRole('heading', { level: 1, name: title }).waitFor()
  await anonymous.getByRole('heading', { level: 2, name: 'Programme' }).waitFor()

  expect(await pageTrouble(page, problems)).toEqual({ errors: [], cspViolations: [] })
  expect(await pageTrouble(anonymous, visitorProblems)).toEqual({ errors: [], cspViolations: [] })
  await Promise.all([page.close(), anonymous.close()])
})
