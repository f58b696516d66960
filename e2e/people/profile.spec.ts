import { readFileSync } from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import { describe } from 'vitest'
import { graphqlAs } from '../support/accounts.ts'
import { freshMember, submitApplication } from '../support/applications.ts'
import { watchPage } from '../support/browser.ts'
import { createEvent, uniqueSlug } from '../support/events.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { sessionToken } from '../support/session.ts'

const sitrMD = demo('sitrmd')
const superAdmin = demo('superadmin')

interface Overview {
  acceptanceOverview: {
    types: { key: string; counts: { submitted: number } }[]
    applications: { applicantName: string; applicantEmail: string }[]
  }
}

interface Records {
  memberRecords: { total: number; items: { email: string; name: string }[] }
}

/** What `/admin/profiles` lists for a search, as a boardMember sees it. */
const recordsMatching = async (board: string, search: string) =>
  (
    await graphqlAs<Records>(baseUrl, board, {
      operationName: 'ProfileRecords',
      query:
        'query ProfileRecords($search: String) { memberRecords(filter: { search: $search }) { total items { email name } } }',
      variables: { search },
    })
  ).memberRecords

const overviewOf = async (admin: string, slug: string) =>
  (
    await graphqlAs<Overview>(baseUrl, admin, {
      operationName: 'ProfileOverview',
      query:
        'query ProfileOverview($slug: String!) { acceptanceOverview(eventSlug: $slug) { types { key counts { submitted } } applications { applicantName applicantEmail } } }',
      variables: { slug },
    })
  ).acceptanceOverview

describe('my profile', () => {
  test('a member edits /profile, exports their data, then deletes the account: the other tab signs out, counts stay', async ({
    page,
    signedInAs,
    expectAccessible,
    expectClean,
  }) => {
    const admin = await sessionToken(baseUrl, sitrMD)
    const slug = uniqueSlug('pf')
    await createEvent(baseUrl, admin, {
      slug,
      title: `Profile ${slug}`,
      type: 'SINGTHROUGH',
      startsInDays: 20,
      eventConfig: { applicationTypes: { singer: { label: 'Singer', open: true, questions: [] } } },
    })
    // A fresh member (never a shared demo account: this one is deleted).
    const member = await freshMember(baseUrl, superAdmin, {
      name: 'Pia Profile',
      emailPrefix: 'pf',
      password: 'profile-journey-password-1',
    })
    await submitApplication(baseUrl, await sessionToken(baseUrl, member), {
      eventSlug: slug,
      type: 'singer',
      profile: {
        name: member.name,
        phone: '+44 7700 900123',
        emergencyContact: { name: 'Sam', phone: '07700 900456', relationship: 'Friend' },
      },
    })
    const before = await overviewOf(admin, slug)
    expect(before.types[0]?.counts.submitted).toBe(1)
    // Listed in the member records before the deletion (so the check after it can fail).
    const board = await sessionToken(baseUrl, demo('boardmember'))
    expect((await recordsMatching(board, member.email)).items.map((m) => m.email)).toEqual([member.email])

    await signedInAs(member)
    await page.goto(`${baseUrl}/profile`)
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor()
    // Prefilled from the application.
    await expect.poll(() => page.getByLabel('Phone (optional)').inputValue()).toBe('+44 7700 900123')

    await page.getByLabel('Pronouns (optional)').fill('she/her')
    await page.getByLabel('Voice part (optional)').selectOption('alto 1')
    await page.getByRole('button', { name: 'Add an instrument' }).click()
    await page.getByLabel('Instrument 1', { exact: true }).fill('Viola')
    await page.getByLabel('Phone (optional)').fill('call me')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByText('Use digits, spaces, brackets, hyphens and an optional leading +.').first().waitFor()
    await page.getByLabel('Phone (optional)').fill('+44 7700 900999')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByRole('status').filter({ hasText: 'Your profile is saved.' }).waitFor()
    await expectAccessible('profile page')

    // Export: the zip's JSON holds the profile and the application.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export my data' }).click()
    const file = await (await downloading).path()
    const zip = unzipSync(new Uint8Array(readFileSync(file)))
    const data = JSON.parse(strFromU8(zip['stagedoor-data.json']!))
    expect(data.profile).toMatchObject({ pronouns: 'she/her', phone: '+44 7700 900999', voicePart: 'alto 1' })
    expect(data.applications).toHaveLength(1)
    expect(data.applications[0]).toMatchObject({ eventSlug: slug, applicationType: 'singer' })

    // A second tab of the same browser, on another member page.
    const second = await page.context().newPage()
    const secondProblems = watchPage(second)
    await second.goto(`${baseUrl}/applications`)
    await second.getByRole('heading', { level: 1 }).first().waitFor()

    await page.getByLabel(`Type ${member.email} to confirm`).fill(member.email)
    await page.getByRole('button', { name: 'Delete my account' }).click()
    await page.waitForURL(/\/login/)
    await second.waitForURL(/\/login/)
    await second.getByRole('heading', { level: 1, name: /sign in/i }).waitFor()

    // The event's counts are unchanged; the application no longer names the member.
    const after = await overviewOf(admin, slug)
    expect(after.types[0]?.counts.submitted).toBe(1)
    expect(after.applications.map((a) => a.applicantEmail)).not.toContain(member.email)
    expect(after.applications.map((a) => a.applicantName)).toEqual(['Deleted member'])

    // /admin/profiles no longer lists them, by email or by name; nor the anonymous holder.
    expect((await recordsMatching(board, member.email)).total).toBe(0)
    expect((await recordsMatching(board, member.name)).items.map((m) => m.email)).not.toContain(member.email)
    expect((await recordsMatching(board, 'Deleted member')).total).toBe(0)

    // Only the sign-out's own 401s: nothing else went wrong in either tab.
    const allowed = [/401 \(Unauthorized\)/, /status of 401/]
    expect(secondProblems.errors.filter((e) => !allowed.some((p) => p.test(e)))).toEqual([])
    await second.close()
    await expectClean(allowed)

    // And in the browser, as a boardMember.
    await signedInAs('boardmember')
    await page.goto(`${baseUrl}/admin/profiles?search=${encodeURIComponent(member.email)}`)
    await page.getByRole('heading', { level: 1, name: 'Profiles' }).waitFor()
    await page.getByRole('status').filter({ hasText: 'No members match.' }).waitFor()
  })
})
