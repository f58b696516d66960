import { createEvent, uniqueSlug } from '../support/events.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { sessionToken } from '../support/session.ts'

const superAdmin = demo('superadmin')

/** A fresh members-only event taking singers, with a choice question, made through the admin API. */
async function createApplyEvent(): Promise<{ slug: string; title: string }> {
  const slug = uniqueSlug('apply')
  const title = `Apply Test ${slug.slice(6)}`
  await createEvent(baseUrl, await sessionToken(baseUrl, superAdmin), {
    slug,
    title,
    eventConfig: {
      applicationTypes: {
        singer: {
          label: 'Singer',
          open: true,
          questions: [
            {
              id: 'section',
              label: 'Which section?',
              kind: 'single_choice',
              required: true,
              options: ['Upper voices', 'Lower voices'],
            },
            { id: 'why', label: 'Why do you want to join?', kind: 'long_text', required: false },
          ],
        },
      },
    },
  })
  return { slug, title }
}

test('a member applies (autosaved draft survives a reload), lands on the survey, then withdraws', async ({
  page,
  signedInAs,
  expectAxeClean,
  expectClean,
}) => {
  const { slug, title } = await createApplyEvent()
  await signedInAs('member3')

  // One open type: /applications/{slug} goes straight to its form.
  await page.goto(`${baseUrl}/applications/${slug}`)
  await page.waitForURL(`${baseUrl}/applications/${slug}/singer`)
  await page.getByRole('heading', { level: 1, name: 'Apply: Singer' }).waitFor()

  // The shared schema refuses a missing choice before anything is sent.
  await page.getByLabel('Your name', { exact: true }).fill('Member Three')
  await page.getByLabel('Phone number', { exact: true }).fill('+44 7700 900123')
  await page.getByLabel('Their name', { exact: true }).fill('Pat Three')
  await page.getByLabel('Their phone number', { exact: true }).fill('07700 900456')
  await page.getByLabel('How they are related to you', { exact: true }).fill('Parent')
  await page.getByLabel('Why do you want to join? (optional)', { exact: true }).fill('I love Brahms.')
  await page.getByText('Saved', { exact: true }).waitFor()
  await expectAxeClean('the application form')

  // The draft survives a reload.
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Apply: Singer' }).waitFor()
  expect(await page.getByLabel('Why do you want to join? (optional)', { exact: true }).inputValue()).toBe(
    'I love Brahms.',
  )
  expect(await page.getByLabel('Their name', { exact: true }).inputValue()).toBe('Pat Three')

  await page.getByRole('button', { name: 'Submit application' }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
  await summary.waitFor()
  expect(await summary.textContent()).toContain('Which section?')

  await page.getByLabel('Lower voices', { exact: true }).check()
  await page.getByRole('button', { name: 'Submit application' }).click()
  await page.waitForURL(`${baseUrl}/applications/${slug}/diversity`)
  await page.getByRole('heading', { level: 1, name: 'Diversity survey' }).waitFor()
  await page.getByRole('link', { name: 'Skip the survey' }).click()

  // My applications: applied (in words, never the code), with Edit and Withdraw.
  await page.waitForURL(`${baseUrl}/applications`)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
  await card.waitFor()
  expect(await card.textContent()).toContain('Singer')
  expect(await card.locator('[data-status]').textContent()).toBe('Status:Applied')
  expect(await card.textContent()).not.toContain('SUBMITTED')
  // The events page says the same, in the same words.
  await page.goto(`${baseUrl}/events`)
  const badge = page.getByRole('article', { name: title }).locator('[data-status]')
  expect(await badge.textContent()).toMatch(/^Singer.*Applied$/)
  await page.goto(`${baseUrl}/applications`)
  await card.waitFor()
  await card.getByRole('link', { name: 'Edit answers' }).waitFor()
  await expectAxeClean('my applications')

  await card.getByRole('button', { name: 'Withdraw application' }).click()
  const dialog = page.getByRole('dialog', { name: 'Withdraw your application?' })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: 'Yes, withdraw' }).click()
  await card.getByText('Withdrawn', { exact: true }).waitFor()
  expect(await card.getByRole('button', { name: 'Withdraw application' }).count()).toBe(0)
  await expectClean()
})
