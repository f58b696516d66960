import { describe } from 'vitest'
import { baseUrl, expect, test } from '../support/fixtures.ts'
import { sidebar, sidebarLabels, sidebarSections } from '../support/shell.ts'

const NO_ACCESS = 'You don’t have access to this page'

describe('admin pages', () => {
  test('refuse a member with a clear page in the layout, and a way back', async ({
    page,
    signedInAs,
    expectClean,
  }) => {
    await signedInAs('member3')
    await page.goto(`${baseUrl}/admin/casting`)
    await page.getByRole('heading', { level: 1, name: NO_ACCESS }).waitFor()
    // No redirect: the address stays, and the member's own sidebar is there.
    expect(page.url()).toBe(`${baseUrl}/admin/casting`)
    expect(await sidebarLabels(page)).toEqual([[null, ['Events', 'Profile', 'Applications']]])
    expect(await page.title()).toBe('No access · Stagedoor')

    await page.getByRole('main').getByRole('link', { name: 'Back to your events' }).click()
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    expect(page.url()).toBe(`${baseUrl}/`)
    await expectClean()
  })

  test('let a ticketAdmin in for Ticket Allocation only', async ({ page, signedInAs, expectClean }) => {
    await signedInAs('ticketadmin')
    // Typing /admin lands a ticketAdmin on their own first page, not on "no access" (issue 29).
    await page.goto(`${baseUrl}/admin`)
    await page.waitForURL(`${baseUrl}/admin/tickets/allocation`)
    await page.getByRole('heading', { level: 1, name: 'Ticket Allocation' }).waitFor()
    expect(await sidebarLabels(page)).toEqual([['Admin', ['Tickets', 'Ticket Allocation']]])
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
      { label: 'Tickets', href: '/admin/winter-formal/tickets/setup', current: null },
      { label: 'Ticket Allocation', href: '/admin/winter-formal/tickets/allocation', current: 'page' },
    ])
    await expectClean()
  })

  test('follow the capability of each page: sitrMD has the general pages, not Profiles', async ({
    page,
    signedInAs,
    expectClean,
  }) => {
    await signedInAs('sitrmd')
    await page.goto(`${baseUrl}/admin/casting/messiah-singthrough`)
    await page.getByRole('heading', { level: 1, name: 'Casting' }).waitFor()
    expect(await sidebar(page).getByRole('link', { name: 'Casting' }).getAttribute('aria-current')).toBe(
      'true',
    )
    await page.goto(`${baseUrl}/admin/profiles`)
    await page.getByRole('heading', { level: 1, name: NO_ACCESS }).waitFor()
    await page.getByRole('main').getByRole('link', { name: 'Back to admin' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    await expectClean()
  })

  test('use the event picked in the sidebar for the ticket links', async ({
    page,
    signedInAs,
    expectClean,
  }) => {
    await signedInAs('superadmin')
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
    await expectClean()
  })

  test('send a visitor to sign in first', async ({ page, signedInAs, expectClean }) => {
    await signedInAs(null)
    await page.goto(`${baseUrl}/admin/casting`)
    await page.waitForURL(`${baseUrl}/login?redirectTo=%2Fadmin%2Fcasting`)
    await expectClean()
  })
})

describe('not found', () => {
  test.beforeEach(async ({ signedInAs }) => {
    await signedInAs('member1')
  })

  test('an unknown route gets the full-screen not-found page', async ({ page, expectClean }) => {
    await page.goto(`${baseUrl}/definitely/not/a/page`)
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
    expect(await page.getByRole('main').textContent()).toContain('/definitely/not/a/page')
    expect(await page.locator('#app-sidebar').count()).toBe(0)
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    await expectClean()
  })

  test.for(['/events/no-such-event', '/no-such-event/cast-list', '/admin/casting/no-such-event'])(
    'an unknown event slug (%s) gets the not-found view, with the sidebar still there',
    async (path, { page, signedInAs, expectClean }) => {
      await signedInAs(path.startsWith('/admin') ? 'superadmin' : 'member1')
      await page.goto(`${baseUrl}${path}`)
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
      expect(await page.getByRole('main').textContent()).toContain(path)
      expect(await sidebar(page).getByRole('navigation', { name: 'Main' }).count()).toBe(1)
      await expectClean()
    },
  )

  test('older cast-list links go to the new address', async ({ page, expectClean }) => {
    await page.goto(`${baseUrl}/applications/messiah-singthrough/cast-list`)
    await page.waitForURL(`${baseUrl}/messiah-singthrough/cast-list`)
    await page.getByRole('heading', { level: 1, name: 'Cast List' }).waitFor()
    await expectClean()
  })
})

describe('failures', () => {
  test.beforeEach(async ({ signedInAs }) => {
    await signedInAs('member1')
  })

  const RENDER_FAILURE = 'Something went wrong and we are unable to show this page.'
  const PROVOKED = /Render failure requested by an end-to-end test/

  test('a page that throws while rendering shows the render-failure message; the sidebar keeps working', async ({
    page,
    problems,
    expectClean,
  }) => {
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
    await expectClean([PROVOKED])
  })

  test('the trigger does nothing without the test flag', async ({ page, expectClean }) => {
    await page.goto(`${baseUrl}/profile?throw=render`)
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor()
    expect(await page.getByText(RENDER_FAILURE).count()).toBe(0)
    await expectClean()
  })

  test('a failed query shows the failure view with the first error code, and can try again', async ({
    page,
    expectClean,
  }) => {
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
    await expectClean()
  })
})
