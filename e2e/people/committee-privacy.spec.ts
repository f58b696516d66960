import { describe } from 'vitest'
import { baseUrl, expect, test } from '../support/fixtures.ts'

describe('people pages', () => {
  test('the privacy notice is public and says how the diversity survey is kept apart', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto(`${baseUrl}/privacy`)
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor()
    await page.getByRole('heading', { level: 2, name: 'The diversity survey is kept apart' }).waitFor()
    expect(await page.title()).toBe('Privacy notice · Stagedoor')
    await expectAccessible('privacy notice')
  })

  test('the Committee view lists the demo terms; a boardMember may not grant superAdmin', async ({
    page,
    signedInAs,
    expectAccessible,
  }) => {
    await signedInAs('boardmember')
    await page.goto(`${baseUrl}/admin`)
    await page.getByRole('navigation').getByRole('link', { name: 'Committee' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'Committee' }).waitFor()
    const board = page.getByRole('list', { name: 'Board member holders' })
    await board
      .getByText(/term ends/)
      .first()
      .waitFor()
    // The grant form offers every role but superAdmin to a boardMember.
    const options = await page.getByLabel('Role', { exact: true }).locator('option').allTextContents()
    expect(options).not.toContain('Society admin')
    expect(options).toContain('Orchestra admin')
    await expectAccessible('committee view')
  })
})
