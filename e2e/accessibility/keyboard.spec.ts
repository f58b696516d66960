import { randomUUID } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { graphqlAs } from '../support/accounts.ts'
import { freshMember, submitApplication } from '../support/applications.ts'
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

/** Focus a select by Tab and move its choice with the arrow keys until `label` is chosen. */
async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  await tabTo(page, select)
  for (let i = 0; i < 20; i++) {
    const chosen = await select.evaluate((el) => {
      const s = el as HTMLSelectElement
      return s.selectedOptions[0]?.textContent ?? ''
    })
    if (chosen.startsWith(label)) return
    await page.keyboard.press('ArrowDown')
  }
  throw new Error(`No option ${label} by the arrow keys`)
}

/** Inside a radio group: arrows move the choice, Space picks the focused one. */
async function chooseRadio(page: Page, group: Locator, label: string): Promise<void> {
  const first = group.getByRole('radio').first()
  await first.waitFor()
  for (let i = 0; i < 80; i++) {
    if (await group.evaluate((el) => el.contains(document.activeElement))) break
    await page.keyboard.press('Tab')
  }
  const target = group.getByLabel(label, { exact: true })
  for (let i = 0; i < 6; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await page.keyboard.press('Space')
      return
    }
    await page.keyboard.press('ArrowRight')
  }
  throw new Error(`No radio ${label} by the arrow keys`)
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
  const basket = page.getByRole('region', { name: 'Your basket' })
  await basket.waitFor()
  // Step 1: how many of each type and where to; Continue holds them all.
  await chooseOption(page, basket.getByLabel('Adult tickets'), '1')
  await typeInto(page, basket.getByLabel('Email for the tickets'), email)
  await tabTo(page, basket.getByRole('button', { name: 'Continue with 1 ticket' }))
  await page.keyboard.press('Enter')
  // Step 2: the focus moves to the held order, whose countdown is shown.
  const checkout = page.getByRole('region', { name: 'Checkout' })
  await checkout.locator('h3:focus').waitFor()
  expect(await checkout.getByRole('timer').textContent()).toMatch(/^(10|9):\d\d$/)
  await typeInto(page, checkout.getByLabel('Your name'), 'Kay Board')
  await chooseRadio(
    page,
    checkout.getByRole('group', { name: 'How you will pay' }),
    'Bank transfer with reference',
  )
  // Shift+Tab back to the name and forward again: the order is the reading order.
  await tabTo(page, checkout.getByLabel('Your name'), true)
  await tabTo(page, checkout.getByRole('button', { name: 'Confirm the ticket' }))
  await page.keyboard.press('Enter')
  // Signed out, the order waits for the link emailed to the address (issue 26).
  await page
    .getByRole('region', { name: 'Your order' })
    .getByText(`We've emailed a link to ${email}; your tickets are kept until`)
    .waitFor()
  await expectClean()
})

const superAdmin = demo('superadmin')
const profile = (name: string) => ({
  name,
  phone: '07700 900456',
  emergencyContact: { name: 'Pat Doe', phone: '07700 900789', relationship: 'parent' },
})

test('a member accepts an offer by keyboard alone', async ({ page, signedInAs, expectClean }) => {
  const slug = uniqueSlug('kbd-offer')
  const title = `Keyboard Offer ${slug.slice(-8)}`
  const admin = await sessionToken(baseUrl, superAdmin)
  await createEvent(baseUrl, admin, {
    slug,
    title,
    eventConfig: {
      applicationTypes: { singer: { label: 'Singer', open: true, capacity: 4, questions: [] } },
    },
  })
  const member = await freshMember(baseUrl, superAdmin, {
    name: 'Kit Keys',
    emailPrefix: 'kbd-offer',
    password: 'keyboard-password-2026',
  })
  const id = await submitApplication(baseUrl, await sessionToken(baseUrl, member), {
    eventSlug: slug,
    type: 'singer',
    profile: profile(member.name),
  })
  await graphqlAs(baseUrl, admin, {
    operationName: 'OfferByKeyboardTest',
    query:
      'mutation OfferByKeyboardTest($e: String!, $ids: [ID!]!) { decideApplications(eventSlug: $e, applicationIds: $ids, action: OFFER) { id } }',
    variables: { e: slug, ids: [id] },
  })

  await signedInAs(member)
  await page.goto(`${baseUrl}/applications`)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
  await tabTo(page, card.getByRole('button', { name: 'Accept offer' }))
  await page.keyboard.press('Enter')
  await card.getByText('Confirmed', { exact: true }).waitFor()
  await expectClean()
})

test('an admin takes a register by keyboard alone', async ({ page, signedInAs, expectClean }) => {
  await signedInAs('superadmin')
  await page.goto(`${baseUrl}/admin/operations/messiah-singthrough?tab=attendance`)
  const date = page.getByLabel('Date', { exact: true })
  await date.waitFor()
  // The last date: the operations spec takes the first one.
  const options = await date.locator('option').allTextContents()
  const last = options.at(-1)!
  await chooseOption(page, date, last)
  const day = last.split(' ')[0]!
  const register = page.getByRole('list', { name: `Register for ${day}` })
  const line = register.getByRole('group').first()
  await chooseRadio(page, line, 'Present')
  await expect.poll(() => line.getByLabel('Present', { exact: true }).isChecked()).toBe(true)
  await expectClean()
})

test('an admin casts an applicant by keyboard alone', async ({ page, signedInAs, expectClean }) => {
  const slug = uniqueSlug('kbd-cast')
  await createEvent(baseUrl, await sessionToken(baseUrl, superAdmin), {
    slug,
    title: `Keyboard Casting ${slug.slice(-8)}`,
    startsInDays: 40,
    signupClosesInDays: 20,
    eventConfig: {
      applicationTypes: { singer: { label: 'Singer', questions: [] } },
      parts: ['Soprano', 'Alto', 'Tenor', 'Bass'],
    },
  })
  const member2 = demo('member2')
  await submitApplication(baseUrl, await sessionToken(baseUrl, member2), {
    eventSlug: slug,
    type: 'singer',
    profile: profile(member2.name),
  })

  await signedInAs('superadmin')
  await page.goto(`${baseUrl}/admin/casting/${slug}`)
  await tabTo(page, page.getByRole('link', { name: member2.name }))
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: member2.name }).waitFor()
  await chooseOption(page, page.getByLabel('Part', { exact: true }), 'Alto')
  await tabTo(page, page.getByRole('button', { name: 'Save part' }))
  await page.keyboard.press('Enter')
  await page.getByText('Part: Alto').waitFor()
  await expectClean()
})
