import type { Page } from 'playwright-core'
import { graphqlAs } from '../support/accounts.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { sessionToken } from '../support/session.ts'

const sitrMD = demo('sitrmd')

/** A datetime-local value `days` from now at 19:00 (on the society's clocks: the form reads them so). */
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
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Slug', { exact: true }).fill('Not a slug')
  // Dates are labelled with the society's time zone.
  await page.getByLabel('Start (Europe/London)', { exact: true }).fill(daysAhead(30))
  await page.getByLabel('End (Europe/London)', { exact: true }).fill(daysAhead(29))
  await page.getByRole('button', { name: 'Create event' }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
  await summary.waitFor()
  expect(await summary.textContent()).toContain('Slug: Use lower-case letters')
  expect(await summary.textContent()).toContain('End (Europe/London): The end must not be before the start.')

  await page.getByLabel('Slug', { exact: true }).fill(slug)
  await page.getByLabel('End (Europe/London)', { exact: true }).fill(daysAhead(30, 22))
  await page.getByLabel('Summary', { exact: true }).fill('An evening of new music by our members.')
  await page.getByLabel('Venue', { exact: true }).fill('Recital Room')
  await page
    .getByLabel('Description', { exact: true })
    .fill('## Programme\n\nNew pieces, **first performances**.')
  await page.getByRole('button', { name: 'Create event' }).click()
  await page.waitForURL(`${baseUrl}/admin/events`)
}

test('an admin creates an event and publishes it, and it appears on /listings for the public', async ({
  page,
  signedInAs,
  expectClean,
  otherTab,
}) => {
  await signedInAs('sitrmd')
  const slug = `new-music-${Date.now().toString(36)}`
  const title = `New Music Night ${slug.slice(10)}`
  await createEvent(page, title, slug)

  // A draft: not listed for the public yet.
  const card = page.getByRole('article', { name: title })
  await card.waitFor()
  expect(await card.textContent()).toContain('Draft')
  // A visitor in another browser, not signed in.
  const anonymous = otherTab.page
  await anonymous.goto(`${baseUrl}/listings`)
  await anonymous.getByRole('list', { name: 'Upcoming events' }).waitFor()
  expect(await anonymous.getByRole('heading', { name: title }).count()).toBe(0)

  await card.getByRole('button', { name: 'Publish', exact: true }).click()
  await card.getByRole('button', { name: 'Unpublish' }).waitFor()
  expect(await card.textContent()).toContain('Public')

  // Releasing an info pack with nothing in it asks first (issue 29); the switch moves at once.
  const pack = card.getByRole('checkbox', { name: 'Participant info pack' })
  await pack.click()
  const warning = page.getByRole('dialog', { name: 'Release an empty info pack?' })
  await warning.waitFor()
  await warning.getByRole('button', { name: 'Not yet' }).click()
  await warning.waitFor({ state: 'detached' })
  expect(await pack.isChecked()).toBe(false)
  await pack.click()
  await page
    .getByRole('dialog', { name: 'Release an empty info pack?' })
    .getByRole('button', { name: 'Release anyway' })
    .click()
  await expect.poll(() => pack.isChecked()).toBe(true)

  await anonymous.reload()
  const listing = anonymous.getByRole('article', { name: title })
  await listing.waitFor()
  expect(await listing.textContent()).toContain('Recital Room')
  expect(await listing.textContent()).toContain('An evening of new music by our members.')
  await listing.getByRole('link', { name: 'Find out more' }).click()
  await anonymous.getByRole('heading', { level: 1, name: title }).waitFor()
  await anonymous.getByRole('heading', { level: 2, name: 'Programme' }).waitFor()

  await expectClean()
  await otherTab.expectClean()
})

test('an admin adds an application type with a choice question and a payment line, and they are saved', async ({
  page,
  signedInAs,
  expectClean,
}) => {
  await signedInAs('sitrmd')
  const slug = `auditions-${Date.now().toString(36)}`
  await createEvent(page, `Audition Evening ${slug.slice(10)}`, slug)

  await page.goto(`${baseUrl}/admin/events/${slug}/edit`)
  await page.getByRole('heading', { level: 1, name: /^Edit / }).waitFor()
  await page.getByRole('button', { name: 'Add an application type' }).click()
  await page.getByRole('group', { name: 'Application type 1' }).waitFor()
  // The new row's first field has focus, so the keyboard carries on from the button (focus moves
  // once the row has rendered, which may be just after the group is found).
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ev-applicationTypes-0-label')
  await page.keyboard.type('Singer')
  const singer = page.getByRole('group', { name: 'Application type: Singer' })
  // The key is made from the name.
  expect(await singer.getByLabel('Key', { exact: true }).inputValue()).toBe('singer')
  await singer.getByLabel('Places', { exact: true }).fill('40')
  await singer.getByLabel('Needs an audition slot').check()
  await singer.getByLabel('Days to answer an offer').fill('10')
  await singer.getByLabel('Offer freed places to the waitlist automatically').check()

  await singer.getByRole('button', { name: 'Add a question to Singer' }).click()
  const question = singer.getByRole('group', { name: 'Question 1' })
  await question.getByLabel('Question', { exact: true }).fill('Which section?')
  expect(await question.getByLabel('Key', { exact: true }).inputValue()).toBe('which-section')
  await question.getByLabel('Key', { exact: true }).fill('section')
  await question.getByLabel('Kind of answer').selectOption('single_choice')
  // A choice question needs two choices: the shared schema says so before anything is sent.
  await question.getByLabel('Choices').fill('Soprano')
  await singer.getByRole('button', { name: 'Add a payment line to Singer' }).click()
  const line = singer.getByRole('group', { name: 'Payment line 1' })
  await line.getByLabel('Label').fill('Membership')
  await line.getByLabel('Key', { exact: true }).fill('membership')
  await line.getByLabel('Amount (£)').fill('12.50')
  await line.getByLabel('Due date').fill('2027-01-31')
  await page.getByRole('button', { name: 'Save event' }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
  await summary.waitFor()
  expect(await summary.textContent()).toContain(
    'Application type 1, question 1: Choices: A choice question needs at least two options.',
  )
  expect(await question.getByLabel('Choices').getAttribute('aria-invalid')).toBe('true')

  await question.getByLabel('Choices').fill('Soprano\nAlto\nTenor\nBass')
  await question.getByLabel('An answer is required').check()
  await page.getByRole('button', { name: 'Save event' }).click()
  await page.waitForURL(`${baseUrl}/admin/events`)

  // Reloaded, the form shows what was saved.
  await page.goto(`${baseUrl}/admin/events/${slug}/edit`)
  const saved = page.getByRole('group', { name: 'Application type: Singer' })
  await saved.waitFor()
  expect(await saved.getByLabel('Places', { exact: true }).inputValue()).toBe('40')
  expect(await saved.getByLabel('Needs an audition slot').isChecked()).toBe(true)
  expect(await saved.getByLabel('Choices').inputValue()).toBe('Soprano\nAlto\nTenor\nBass')
  expect(await saved.getByLabel('Amount (£)').inputValue()).toBe('12.50')
  expect(await saved.getByLabel('Due date').inputValue()).toBe('2027-01-31')

  // And the server has it in eventConfig.
  const token = await sessionToken(baseUrl, sitrMD)
  const { adminEvent } = await graphqlAs<{ adminEvent: { eventConfig: Record<string, unknown> } }>(
    baseUrl,
    token,
    {
      operationName: 'SavedConfig',
      query: 'query SavedConfig($slug: String!) { adminEvent(slug: $slug) { eventConfig } }',
      variables: { slug },
    },
  )
  expect(adminEvent.eventConfig).toMatchObject({
    applicationTypes: {
      singer: {
        label: 'Singer',
        open: true,
        capacity: 40,
        auditionRequired: true,
        offerExpiryDays: 10,
        autoOfferFromWaitlist: true,
        questions: [
          {
            id: 'section',
            label: 'Which section?',
            kind: 'single_choice',
            required: true,
            options: ['Soprano', 'Alto', 'Tenor', 'Bass'],
          },
        ],
      },
    },
    paymentLines: {
      singer: [{ key: 'membership', label: 'Membership', amountPence: 1250, dueDate: '2027-01-31' }],
    },
  })
  await expectClean()
})
