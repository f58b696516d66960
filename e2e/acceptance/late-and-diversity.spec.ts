import { graphqlAs } from '../support/accounts.ts'
import { createEvent, uniqueSlug } from '../support/events.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { waitForEmail } from '../support/mail.ts'
import { sessionToken } from '../support/session.ts'

// Issue 6: admins can still add late applications after the signup deadline, and see the diversity
// survey of an event in aggregate (small groups as "<5", never a name).

const superAdmin = demo('superadmin')
const member = demo('member3')

/** A members-only event whose signup deadline passed yesterday, with two application types. */
async function createClosedEvent(prefix: string): Promise<{ slug: string; title: string }> {
  const slug = uniqueSlug(prefix)
  const title = `Late Concert ${slug.slice(prefix.length + 1)}`
  await createEvent(baseUrl, await sessionToken(baseUrl, superAdmin), {
    slug,
    title,
    signupClosesInDays: -1,
    eventConfig: {
      applicationTypes: {
        singer: { label: 'Singer', open: true, questions: [] },
        player: { label: 'Player', open: true, questions: [] },
      },
    },
  })
  return { slug, title }
}

test(
  'an admin adds a late application after the deadline and sees it in the list',
  { timeout: 120_000 },
  async ({ page, signedInAs, expectAccessible }) => {
    const { slug, title } = await createClosedEvent('late')
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/acceptance/${slug}`)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await page.getByText('No applications yet.').waitFor()

    const form = page.getByRole('form', { name: 'Add a late application' })
    const email = form.getByLabel('Member’s email', { exact: true })
    const type = form.getByLabel('Application type', { exact: true })
    expect(await form.getByLabel('Email the member').isChecked()).toBe(true)

    // Checked before sending: an email and a type are needed.
    await form.getByRole('button', { name: 'Add application' }).click()
    await form.getByText('Enter the member’s email address.').waitFor()
    await form.getByText('Choose an application type.').waitFor()
    expect(await email.getAttribute('aria-invalid')).toBe('true')

    // The server's NOT_FOUND: nobody has that email.
    await email.fill(`nobody-${slug}@stagedoor.test`)
    await type.selectOption('singer')
    await form.getByRole('button', { name: 'Add application' }).click()
    await form.getByText(/^No member has this email address/).waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email')

    // A demo member, after the deadline: added, a toast, and the list shows it.
    await email.fill(member.email)
    await form.getByRole('button', { name: 'Add application' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Singer application added for ${member.email}` })
      .waitFor()
    const row = page.getByRole('row').filter({ hasText: member.email })
    await row.waitFor()
    expect(await row.textContent()).toContain('Singer')
    expect(await row.textContent()).toContain('Submitted')
    expect(await email.inputValue()).toBe('')
    // "Email the member" was on: the usual "application received" email went out.
    await waitForEmail({ to: member.email, subject: new RegExp(title) })

    // The server's CONFLICT: the same member and type again.
    await email.fill(member.email)
    await form.getByRole('button', { name: 'Add application' }).click()
    const conflict = form.getByRole('alert')
    await conflict.waitFor()
    expect(await conflict.textContent()).toContain('already has an application of this type')
    expect(await page.getByRole('row').filter({ hasText: member.email }).count()).toBe(1)

    await expectAccessible('the acceptance page with the late-application form and its error')
  },
)

test(
  'the diversity report: withheld until a batch of 5, then counts with small and 100 % groups hidden',
  { timeout: 120_000 },
  async ({ page, signedInAs, expectAccessible }) => {
    const { slug, title } = await createClosedEvent('diversity')
    const adminToken = await sessionToken(baseUrl, superAdmin)
    // Five respondents: member3 first, then four more demo accounts.
    const respondents = [member, ...(['member1', 'member2', 'boardmember', 'sitrmd'] as const).map(demo)]
    const applicationIds: string[] = []
    for (const respondent of respondents) {
      const { addLateApplication } = await graphqlAs<{ addLateApplication: { id: string } }>(
        baseUrl,
        adminToken,
        {
          operationName: 'AddTestLateApplication',
          query:
            'mutation AddTestLateApplication($e: String!, $u: String!) { addLateApplication(eventSlug: $e, userEmail: $u, type: "player", notify: false) { id } }',
          variables: { e: slug, u: respondent.email },
        },
      )
      applicationIds.push(addLateApplication.id)
    }
    async function answer(index: number, answers: Record<string, string>): Promise<void> {
      await graphqlAs(baseUrl, await sessionToken(baseUrl, respondents[index]!), {
        operationName: 'AnswerTestSurvey',
        query:
          'mutation AnswerTestSurvey($id: ID!, $a: JSON!) { submitDiversitySurvey(applicationId: $id, answers: $a) { id } }',
        variables: { id: applicationIds[index], a: answers },
      })
    }

    // Reached from the acceptance page; nobody has answered yet.
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/acceptance/${slug}`)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await page.getByRole('link', { name: 'Diversity report' }).click()
    await page.waitForURL(`${baseUrl}/admin/acceptance/${slug}/diversity`)
    await page.getByRole('heading', { level: 1, name: 'Diversity report' }).waitFor()
    await page.getByRole('heading', { level: 2, name: 'Not enough responses to report' }).waitFor()
    const body = await page.locator('main').textContent()
    expect(body).toContain('never linked to names')
    expect(body).toContain('fewer than 5')
    expect(await page.getByRole('table').count()).toBe(0)
    await expectAccessible('the withheld diversity report')

    // One response: still nothing, so the one respondent's answers cannot be read off.
    await answer(0, { ageBand: '21–24', disability: 'Prefer not to say' })
    await page.reload()
    await page.getByRole('heading', { level: 2, name: 'Not enough responses to report' }).waitFor()
    expect(await page.getByRole('table').count()).toBe(0)
    expect(await page.locator('main').textContent()).not.toContain('21–24')

    // Four responses: the first batch of 5 is not complete, so still nothing.
    for (let i = 1; i < respondents.length - 1; i++) await answer(i, { ageBand: '21–24' })
    await page.reload()
    await page.getByRole('heading', { level: 2, name: 'Not enough responses to report' }).waitFor()
    // Five: the first batch. Every group under 5 is hidden, no exact zero beside them, and a group
    // that is all of the responses ("21–24 = 5 of 5") is hidden too: it would tell everyone's answer.
    await answer(respondents.length - 1, { ageBand: '21–24' })
    await page.reload()
    const age = page.getByRole('table', { name: 'Age', exact: true })
    await age.waitFor()
    await page.getByText('5 responses reported', { exact: true }).waitFor()
    expect(await age.getByRole('row', { name: '21–24 —' }).count()).toBe(1)
    expect(await age.getByRole('row', { name: '21–24 5' }).count()).toBe(0)
    expect(await age.getByRole('row', { name: 'Under 18 <5' }).count()).toBe(1)
    expect(await age.getByRole('row', { name: 'Under 18 0' }).count()).toBe(0)
    const gender = page.getByRole('table', { name: 'Gender identity', exact: true })
    expect(await gender.getByRole('row', { name: 'Not answered —' }).count()).toBe(1)
    expect(await gender.getByRole('columnheader', { name: 'Responses' }).count()).toBe(1)
    expect(await gender.getByRole('rowheader', { name: 'Woman' }).count()).toBe(1)
    // Never a name beside an answer.
    expect(await page.locator('main').textContent()).not.toContain(member.name)
    await expectAccessible('the diversity report with responses')
  },
)
