import { randomUUID } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { createEvent, uniqueSlug } from '../support/events.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { sessionToken } from '../support/session.ts'

// Issue 19: journeys done by keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, typing), never a
// click. Each journey that changes state works on fresh data (a new event, a new buyer).

/** Press Tab (or Shift+Tab) until `target` has the focus; fails when it is never reached. */
async function tabTo(page: Page, target: Locator, backwards = false, max = 80): Promise<void> {
  await target.waitFor()
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`Not reachable by ${backwards ? 'Shift+Tab' : 'Tab'}: ${String(target)}`)
}

/** Tab to a text field and type into it (replacing what it held). */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
}

test('a member applies to an event by keyboard alone', async ({ page, signedInAs, expectClean }) => {
  const slug = uniqueSlug('kbd-apply')
  await createEvent(baseUrl, await sessionToken(baseUrl, demo('superadmin')), {
    slug,
    title: `Keyboard Apply ${slug.slice(-8)}`,
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
          ],
        },
      },
    },
  })
  await signedInAs('member3')
  await page.goto(`${baseUrl}/applications/${slug}/singer`)
  await page.getByRole('heading', { level: 1, name: 'Apply: Singer' }).waitFor()

  await typeInto(page, page.getByLabel('Your name', { exact: true }), 'Member Three')
  await typeInto(page, page.getByLabel('Phone number', { exact: true }), '+44 7700 900123')
  await typeInto(page, page.getByLabel('Their name', { exact: true }), 'Pat Three')
  await typeInto(page, page.getByLabel('Their phone number', { exact: true }), '07700 900456')
  await typeInto(page, page.getByLabel('How they are related to you', { exact: true }), 'Parent')
  // A radio group takes one Tab stop; Space picks, the arrows move the choice.
  await tabTo(page, page.getByLabel('Upper voices', { exact: true }))
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowDown')
  expect(await page.getByLabel('Lower voices', { exact: true }).isChecked()).toBe(true)

  await tabTo(page, page.getByRole('button', { name: 'Submit application' }))
  await page.keyboard.press('Enter')
  await page.waitForURL(`${baseUrl}/applications/${slug}/diversity`)
  await tabTo(page, page.getByRole('link', { name: 'Skip the survey' }))
  await page.keyboard.press('Enter')
  await page.waitForURL(`${baseUrl}/applications`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await expectClean()
})

test('an anonymous visitor buys a ticket by keyboard alone', async ({ page, expectClean }) => {
  const email = `kbd-${randomUUID().slice(0, 8)}@example.test`
  await page.goto(`${baseUrl}/concert-season-2025/ticket-sales`)
  const adult = page.getByRole('region', { name: 'Adult' })
  await adult.waitFor()
  await typeInto(page, adult.getByLabel('Your name'), 'Kay Board')
  await typeInto(page, adult.getByLabel('Email for the tickets'), email)
  // Shift+Tab back to the name and forward again: the order is the reading order.
  await tabTo(page, adult.getByLabel('Your name'), true)
  await tabTo(page, adult.getByRole('button', { name: 'Buy 1 Adult ticket' }))
  await page.keyboard.press('Enter')
  await adult.getByText(`Done: 1 ticket sent to ${email}.`).waitFor()
  await expectClean()
})
