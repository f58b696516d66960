import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, inject, it } from 'vitest'
import { demoAccount } from '../support/accounts.ts'
import { pageTrouble, type BrowserHandle, type PageProblems } from '../support/browser.ts'
import { useSession } from '../support/session.ts'
import { sidebar, sidebarLabels, sidebarSections } from '../support/shell.ts'
import { usePagePerTest } from '../support/page-fixture.ts'

const baseUrl = inject('baseUrl')
const accounts = inject('demoAccounts')
const member1 = demoAccount(accounts, 'member1@stagedoor.test')
const member3 = demoAccount(accounts, 'member3@stagedoor.test')
const superAdmin = demoAccount(accounts, 'superadmin@stagedoor.test')
const ticketAdmin = demoAccount(accounts, 'ticketadmin@stagedoor.test')
const sitrMD = demoAccount(accounts, 'sitrmd@stagedoor.test')

const NO_ACCESS = 'You don’t have access to this page'

let browser: BrowserHandle
let page: Page
let problems: PageProblems

usePagePerTest({ clearStorageAt: baseUrl }, (fixture) => {
  ;({ browser, page, problems } = fixture)
})

async function expectCleanPage(expected: RegExp[] = []) {
  expect(await pageTrouble(page, problems, expected)).toEqual({ errors: [], cspViolations: [] })
}

describe('admin pages', () => {
  it('refuse a member with a clear page in the layout, and a way back', async () => {
    await useSession(browser.context, baseUrl, member3)
    await page.goto(`${baseUrl}/admin/casting`)
    await page.getByRole('heading', { level: 1, name: NO_ACCESS }).waitFor()
    // No redirect: the address stays, and the member's own sidebar is there.
    expect(page.url()).toBe(`${baseUrl}/admin/casting`)
    expect(await sidebarLabels(page)).toEqual([[null, ['Events', 'Profile', 'Applications']]])
    expect(await page.title()).toBe('No access · Stagedoor')

    await page.getByRole('main').getByRole('link', { name: 'Back to your events' }).click()
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    expect(page.url()).toBe(`${baseUrl}/`)
    await expectCleanPage()
  })

  it('let a ticketAdmin in for Ticket Allocation only', async () => {
    await useSession(browser.context, baseUrl, ticketAdmin)
    await page.goto(`${baseUrl}/admin`)
    await page.getByRole('heading', { level: 1, name: NO_ACCESS }).waitFor()
    expect(await sidebarLabels(page)).toEqual([['Admin', ['Ticket Allocation']]])
    for (const path of ['/admin/casting', '/admin/profiles', '/admin/winter-formal/tickets']) {
      await page.goto(`${baseUrl}${path}`)
      await page.getByRole('heading', { level: 1, name: NO_ACCESS }).waitFor()
    }

    // The way back is the ticketAdmin's admin home, which asks for an event…
    await page.getByRole('main').getByRole('link', { name: 'Back to admin' }).click()
    await page.waitForURL(`${baseUrl}/admin/tickets/allocation`)
    await page.getByRole('heading', { level: 1, name: 'Ticket Allocation' }).waitFor()
    await page.getByRole('main').getByLabel('Ticket event').selectOption('winter-formal')
    // …and, once chosen, goes to that event's page; the sidebar link follows the choice.
    await page.waitForURL(`${baseUrl}/admin/winter-formal/tickets/allocation`)
    await page.getByRole('heading', { level: 1, name: 'Ticket Allocation' }).waitFor()
    expect(await page.getByRole('main').textContent()).toContain('Winter Formal')
    const [admin] = await sidebarSections(page)
    expect(admin?.items).toEqual([
      { label: 'Ticket Allocation', href: '/admin/winter-formal/tickets/allocation', current: 'page' },
    ])
    await expectCleanPage()
  })

  it('follow the capability of each page: sitrMD has the general pages, not Profiles', async () => {
    await useSession(browser.context, baseUrl, sitrMD)
    await page.goto(`${baseUrl}/admin/casting/messiah-singthrough`)
    await page.getByRole('heading', { level: 1, name: 'Casting' }).waitFor()
    expect(await sidebar(page).getByRole('link', { name: 'Casting' }).getAttribute('aria-current')).toBe(
      'true',
    )
    await page.goto(`${baseUrl}/admin/profiles`)
    await page.getByRole('heading', { level: 1, name: NO_ACCESS }).waitFor()
    await page.getByRole('main').getByRole('link', { name: 'Back to admin' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    await expectCleanPage()
  })

  it('use the event picked in the sidebar for the ticket links', async () => {
    await useSession(browser.context, baseUrl, superAdmin)
    await page.goto(`${baseUrl}/admin`)
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    const stats = sidebar(page).getByRole('link', { name: 'Ticket Stats' })
    expect(await stats.getAttribute('href')).toBe('/admin/tickets')
    await sidebar(page).getByLabel('Ticket event').selectOption('winter-formal')
    await expect.poll(() => stats.getAttribute('href')).toBe('/admin/winter-formal/tickets')
    expect(await sidebar(page).getByRole('link', { name: 'Ticket Allocation' }).getAttribute('href')).toBe(
      '/admin/winter-formal/tickets/allocation',
    )
    // On a ticket page, choosing another event goes to that event's page.
    await stats.click()
    await page.getByRole('heading', { level: 1, name: 'Ticket Stats' }).waitFor()
    await sidebar(page).getByLabel('Ticket event').selectOption('winter-concert')
    await page.waitForURL(`${baseUrl}/admin/winter-concert/tickets`)
    await page.getByText('Winter Concert', { exact: true }).first().waitFor()
    await expectCleanPage()
  })

  it('send a visitor to sign in first', async () => {
    await useSession(browser.context, baseUrl, null)
    await page.goto(`${baseUrl}/admin/casting`)
    await page.waitForURL(`${baseUrl}/login?redirectTo=%2Fadmin%2Fcasting`)
    await expectCleanPage()
  })
})

describe('not found', () => {
  beforeEach(async () => {
    await useSession(browser.context, baseUrl, member1)
  })

  it('an unknown route gets the full-screen not-found page', async () => {
    await page.goto(`${baseUrl}/definitely/not/a/page`)
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
    expect(await page.getByRole('main').textContent()).toContain('/definitely/not/a/page')
    expect(await page.locator('#app-sidebar').count()).toBe(0)
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    await expectCleanPage()
  })

  it.each(['/events/no-such-event', '/no-such-event/cast-list', '/admin/casting/no-such-event'])(
    'an unknown event slug (%s) gets the not-found view, with the sidebar still there',
    async (path) => {
      await useSession(browser.context, baseUrl, path.startsWith('/admin') ? superAdmin : member1)
      await page.goto(`${baseUrl}${path}`)
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
      expect(await page.getByRole('main').textContent()).toContain(path)
      expect(await sidebar(page).getByRole('navigation', { name: 'Main' }).count()).toBe(1)
      await expectCleanPage()
    },
  )

  it('older cast-list links go to the new address', async () => {
    await page.goto(`${baseUrl}/applications/messiah-singthrough/cast-list`)
    await page.waitForURL(`${baseUrl}/messiah-singthrough/cast-list`)
    await page.getByRole('heading', { level: 1, name: 'Cast List' }).waitFor()
    await expectCleanPage()
  })
})

describe('failures', () => {
  beforeEach(async () => {
    await useSession(browser.context, baseUrl, member1)
  })

  const RENDER_FAILURE = 'Something went wrong and we are unable to show this page.'
  const PROVOKED = /Render failure requested by an end-to-end test/

  it('a page that throws while rendering shows the render-failure message; the sidebar keeps working', async () => {
    await page.addInitScript(() => {
      ;(window as unknown as { __STAGEDOOR_TEST__: boolean }).__STAGEDOOR_TEST__ = true
    })
    await page.goto(`${baseUrl}/profile?throw=render`)
    await page.getByText(RENDER_FAILURE).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This page could not be shown')
    await sidebar(page).getByRole('link', { name: 'Applications' }).click()
    await page.getByRole('heading', { level: 1, name: 'My applications' }).waitFor()
    expect(await page.getByText(RENDER_FAILURE).count()).toBe(0)
    await sidebar(page)
      .getByRole('region', { name: 'Your account' })
      .getByRole('link', { name: 'Your profile' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor()
    // React reports the error it caught; nothing else went wrong.
    expect(problems.errors.some((error) => PROVOKED.test(error))).toBe(true)
    await expectCleanPage([PROVOKED])
  })

  it('the trigger does nothing without the test flag', async () => {
    await page.goto(`${baseUrl}/profile?throw=render`)
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor()
    expect(await page.getByText(RENDER_FAILURE).count()).toBe(0)
    await expectCleanPage()
  })

  it('a failed query shows the failure view with the first error code, and can try again', async () => {
    let fail = true
    await page.route('**/api/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null
      if (!fail || body?.operationName !== 'HomeEvents') return route.fallback()
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          data: null,
          errors: [
            { message: 'Not today', extensions: { code: 'RATE_LIMITED' } },
            { message: 'Nor this', extensions: { code: 'INTERNAL' } },
          ],
        }),
      })
    })
    await page.goto(`${baseUrl}/`)
    const failure = page.locator('[data-query-failure]')
    await failure.waitFor()
    expect(await failure.getAttribute('data-query-failure')).toBe('RATE_LIMITED')
    expect(await failure.textContent()).toContain('Error code: RATE_LIMITED')
    // The rest of the page and the sidebar are still there.
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    expect(await sidebarLabels(page)).toHaveLength(2)

    fail = false
    await failure.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('list', { name: 'Upcoming events' }).waitFor()
    expect(await failure.count()).toBe(0)
    await expectCleanPage()
  })
})
