import { describe } from 'vitest'
import { baseUrl, test, type Who } from '../support/fixtures.ts'

const SCREENS: { name: string; path: string; account: Who; list: string }[] = [
  { name: 'listings', path: '/listings', account: null, list: 'Upcoming events' },
  { name: 'event config', path: '/admin/events', account: 'superadmin', list: 'Events' },
]

describe('no serious or critical accessibility violation', () => {
  test.for(SCREENS)(
    '$name ($path) at 1280 and 360 px',
    async ({ path, account, list }, { page, signedInAs, expectAccessible }) => {
      await signedInAs(account)
      await page.goto(`${baseUrl}${path}`)
      await page.getByRole('list', { name: list, exact: true }).waitFor()
      await expectAccessible(path)
    },
  )
})

describe('no serious or critical accessibility violation on the event editors and the audition page', () => {
  test('the event edit form with every editor open', async ({ page, signedInAs, expectAccessible }) => {
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/events/winter-concert/edit`)
    await page.getByRole('group', { name: 'Application types' }).waitFor()
    // Rows of every kind, so each editor is on the page.
    await page.getByRole('button', { name: 'Add an application type' }).click()
    const added = page.getByRole('group', { name: /^Application type \d+$/ })
    await added.getByRole('button', { name: /^Add a question/ }).click()
    await added
      .getByRole('group', { name: 'Question 1' })
      .getByLabel('Kind of answer')
      .selectOption('multi_choice')
    await added.getByRole('button', { name: /^Add a payment line/ }).click()
    await page.getByRole('button', { name: 'Add an audience page' }).click()
    await page.getByRole('button', { name: 'Add a part' }).click()
    await page.getByRole('button', { name: 'Add a part' }).click()
    // And their errors.
    await page.getByRole('button', { name: 'Save event' }).click()
    await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor()
    await expectAccessible('/admin/events/winter-concert/edit')
  })

  test('the audition information page', async ({ page, signedInAs, expectAccessible }) => {
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/events/winter-concert/auditions`)
    await page.getByRole('heading', { level: 1, name: 'Auditions' }).waitFor()
    await expectAccessible('/events/winter-concert/auditions')
  })
})
