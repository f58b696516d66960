import { readFileSync } from 'node:fs'
import { describe } from 'vitest'
import { baseUrl, expect, test } from '../support/fixtures.ts'
import { waitForEmail } from '../support/mail.ts'

// Issue 12: member records and the operator's outbox.
describe('member records and operator pages', () => {
  test('a boardMember searches Profiles, opens member1’s record and exports the list', async ({
    page,
    signedInAs,
    expectAccessible,
  }) => {
    await signedInAs('boardmember')
    await page.goto(`${baseUrl}/admin`)
    await page.getByRole('navigation').getByRole('link', { name: 'Profiles' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'Profiles' }).waitFor()
    await page
      .getByRole('status')
      .filter({ hasText: /Showing 1–/ })
      .waitFor()

    await page.getByLabel('Search name, email or slug').fill('member1@')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'Showing 1–1 of 1' }).waitFor()
    expect(page.url()).toContain('search=member1%40')
    const members = page.getByRole('list', { name: 'Members' })
    await expect.poll(() => members.getByRole('link').count()).toBe(1)
    await expectAccessible('member records')
    // The retention flag is for superAdmins only.
    expect(await page.getByRole('heading', { name: /consider deleting/ }).count()).toBe(0)

    // Export what is shown: the CSV holds exactly the one member listed.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n')
    expect(csv[0]).toBe('name,preferred_name,email,slug,roles,voice_part,instruments,joined')
    expect(csv).toHaveLength(2)
    expect(csv[1]).toContain('member1@stagedoor.test')

    await members.getByRole('link', { name: /Maya Patel/ }).click()
    await page.getByRole('heading', { level: 1, name: 'Maya Patel' }).waitFor()
    const applications = page.getByRole('list', { name: 'Applications' })
    await applications
      .getByText(/Messiah/)
      .first()
      .waitFor()
    expect(await applications.getByRole('listitem').count()).toBeGreaterThan(0)
    await page.getByRole('heading', { level: 2, name: 'Roles' }).waitFor()
    await page.getByText('A member with no staff role.').waitFor()
    expect(await page.title()).toBe('Maya Patel · Profiles · Stagedoor')
    await expectAccessible('member record')
  })

  test('a superAdmin retries a failed mail on the outbox page and it is delivered', async ({
    page,
    signedInAs,
    expectAccessible,
  }) => {
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/system/outbox`)
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor()
    await page.getByLabel('Status').selectOption('FAILED')
    const retry = page.getByRole('button', {
      name: 'Retry “Rehearsal moved to the Great Hall” to member2@stagedoor.test',
    })
    await retry.waitFor()
    await expectAccessible('outbox')
    await retry.click()
    const mail = await waitForEmail({
      to: 'member2@stagedoor.test',
      subject: /Rehearsal moved to the Great Hall/,
    })
    expect(mail.text).toContain('Great Hall')
    // Sent now, so it leaves the failed list (the sent list is newest first by creation, and in a
    // whole e2e run this seeded mail is pages down it).
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor()
    await page.getByLabel('Status').selectOption('FAILED')
    // Wait for the failed list (or its empty state) to load, then the retried mail is not in it.
    await page.getByRole('list', { name: 'Mail' }).or(page.getByText('No mail here.')).first().waitFor()
    expect(await retry.count()).toBe(0)
  })

  test('a superAdmin sees the members inactive for RETENTION_YEARS on Profiles', async ({
    page,
    signedInAs,
    expectAccessible,
  }) => {
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/profiles`)
    const panel = page.getByRole('region', { name: /^Inactive for \d+ years — consider deleting$/ })
    await panel.waitFor()
    await panel
      .getByText(/Nobody is inactive for that long\.|Last active/)
      .first()
      .waitFor()
    // Either nobody is listed, or each listed member says when they were last active.
    const rows = await panel.getByRole('listitem').allTextContents()
    expect(rows.filter((row) => !row.includes('Last active'))).toEqual([])
    expect(
      rows.length > 0 || (await panel.textContent())?.includes('Nobody is inactive for that long.'),
    ).toBe(true)
    await expectAccessible('member records with the retention flag')
  })

  test('a boardMember may not open the outbox', async ({ page, signedInAs }) => {
    await signedInAs('boardmember')
    await page.goto(`${baseUrl}/admin/system/outbox`)
    const refused = page.getByRole('heading', { level: 1 })
    await refused.getByText(/have access to this page/).waitFor()
    // The refusal is the page: the address stays, and no message of the outbox is shown.
    expect(await refused.textContent()).toBe('You don’t have access to this page')
    expect(await page.title()).toBe('No access · Stagedoor')
    expect(new URL(page.url()).pathname).toBe('/admin/system/outbox')
    expect(await page.getByRole('button', { name: /^Retry/ }).count()).toBe(0)
  })
})
