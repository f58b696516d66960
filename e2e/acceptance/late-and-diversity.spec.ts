import type { Page } from 'playwright-core'
import { expect, inject, it } from 'vitest'
import { demoAccount, graphqlAs } from '../support/accounts.ts'
import {
  pageTrouble,
  seriousAxeViolations,
  type BrowserHandle,
  type PageProblems,
} from '../support/browser.ts'
import { createEvent, uniqueSlug } from '../support/events.ts'
import { waitForEmail } from '../support/mail.ts'
import { usePagePerTest } from '../support/page-fixture.ts'
import { sessionToken, useSession } from '../support/session.ts'

// Issue 6: admins can still add late applications after the signup deadline, and see the diversity
// survey of an event in aggregate (small groups as "<5", never a name).

const baseUrl = inject('baseUrl')
const accounts = inject('demoAccounts')
const superAdmin = demoAccount(accounts, 'superadmin@stagedoor.test')
const member = demoAccount(accounts, 'member3@stagedoor.test')

let browser: BrowserHandle
let page: Page
let problems: PageProblems

usePagePerTest({ clearStorageAt: baseUrl }, (fixture) => {
  ;({ browser, page, problems } = fixture)
})

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

/** No serious or critical axe violation at 1280 and 360 px, nothing wider than the phone, no errors. */
async function accessible(label: string): Promise<void> {
  await page.waitForLoadState('networkidle')
  expect(await seriousAxeViolations(page), label).toEqual([])
  await page.setViewportSize({ width: 360, height: 800 })
  expect(await seriousAxeViolations(page), `${label} at 360 px`).toEqual([])
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${label} at 360 px`).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 800 })
  expect(await pageTrouble(page, problems)).toEqual({ errors: [], cspViolations: [] })
}

it(
  'an admin adds a late application after the deadline and sees it in the list',
  { timeout: 120_000 },
  async () => {
    const { slug, title } = await createClosedEvent('late')
    await useSession(browser.context, baseUrl, superAdmin)
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

    await accessible('the acceptance page with the late-application form and its error')
  },
)

it(
  'the diversity report: empty for a fresh event, then counts with small groups hidden',
  { timeout: 120_000 },
  async () => {
    const { slug, title } = await createClosedEvent('diversity')
    const adminToken = await sessionToken(baseUrl, superAdmin)
    const { addLateApplication } = await graphqlAs<{ addLateApplication: { id: string } }>(
      baseUrl,
      adminToken,
      {
        operationName: 'AddTestLateApplication',
        query:
          'mutation AddTestLateApplication($e: String!, $u: String!) { addLateApplication(eventSlug: $e, userEmail: $u, type: "player", notify: false) { id } }',
        variables: { e: slug, u: member.email },
      },
    )

    // Reached from the acceptance page; nobody has answered yet.
    await useSession(browser.context, baseUrl, superAdmin)
    await page.goto(`${baseUrl}/admin/acceptance/${slug}`)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await page.getByRole('link', { name: 'Diversity report' }).click()
    await page.waitForURL(`${baseUrl}/admin/acceptance/${slug}/diversity`)
    await page.getByRole('heading', { level: 1, name: 'Diversity report' }).waitFor()
    await page.getByRole('heading', { level: 2, name: 'No responses yet' }).waitFor()
    const body = await page.locator('main').textContent()
    expect(body).toContain('never linked to names')
    expect(body).toContain('fewer than 5')
    expect(await page.getByRole('table').count()).toBe(0)
    await accessible('the empty diversity report')

    // The member answers the survey: one response, so every group shows as "<5" or 0.
    await graphqlAs(baseUrl, await sessionToken(baseUrl, member), {
      operationName: 'AnswerTestSurvey',
      query:
        'mutation AnswerTestSurvey($id: ID!, $a: JSON!) { submitDiversitySurvey(applicationId: $id, answers: $a) { id } }',
      variables: { id: addLateApplication.id, a: { ageBand: '21–24', disability: 'Prefer not to say' } },
    })
    await page.reload()
    const age = page.getByRole('table', { name: 'Age', exact: true })
    await age.waitFor()
    expect(await page.getByText('<5 responses').count()).toBe(1)
    expect(await age.getByRole('row', { name: '21–24 <5' }).count()).toBe(1)
    expect(await age.getByRole('row', { name: 'Under 18 0' }).count()).toBe(1)
    const gender = page.getByRole('table', { name: 'Gender identity', exact: true })
    expect(await gender.getByRole('row', { name: 'Not answered <5' }).count()).toBe(1)
    expect(await gender.getByRole('columnheader', { name: 'Responses' }).count()).toBe(1)
    expect(await gender.getByRole('rowheader', { name: 'Woman' }).count()).toBe(1)
    // Never a name beside an answer.
    expect(await page.locator('main').textContent()).not.toContain(member.name)
    await accessible('the diversity report with responses')
  },
)
