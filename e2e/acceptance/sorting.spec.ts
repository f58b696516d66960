import type { Page } from 'playwright-core'
import { baseUrl, expect, test } from '../support/fixtures.ts'

// The demo choir season has dozens of applications: the acceptance table orders them, sorts by any
// column the header offers, shows full names and pages long lists.

const names = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('table tbody th[scope="row"] span:first-child')].map(
      (el) => el.textContent ?? '',
    ),
  )
const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true })

test('the acceptance page sorts by name, both ways, and pages a long list', async ({
  page,
  signedInAs,
  expectAccessible,
}) => {
  await signedInAs('superadmin')
  await page.goto(`${baseUrl}/admin/acceptance/choir-season-2026-27`)
  const table = page.getByRole('table', { name: /^Applications/ })
  await table.waitFor()
  const name = table.getByRole('columnheader', { name: 'Name' })
  expect(await name.getAttribute('aria-sort')).toBe('ascending')

  const ascending = await names(page)
  expect(ascending.length).toBeGreaterThan(1)
  expect(ascending.length).toBeLessThanOrEqual(25)
  expect(ascending).toEqual([...ascending].sort(collator.compare))
  // Full names: every demo applicant has a surname.
  expect(ascending.every((n) => n.trim().includes(' '))).toBe(true)

  await name.getByRole('button').click()
  await expect.poll(() => name.getAttribute('aria-sort')).toBe('descending')
  const descending = await names(page)
  expect(descending).toEqual([...descending].sort(collator.compare).reverse())
  expect(descending[0]).not.toBe(ascending[0])

  const pager = page.getByRole('navigation', { name: 'Pages of applications' })
  if (await pager.count()) {
    await pager.getByRole('button', { name: 'Next page' }).click()
    await expect.poll(async () => (await names(page))[0]).not.toBe(descending[0])
  }
  await expectAccessible('acceptance table sorted by name')
})
