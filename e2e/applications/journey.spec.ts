import { applicationNavItems } from '#core/navigation/member-nav.ts'
import { freshMember } from '../support/applications.ts'
import { createEvent, DAY, uniqueSlug } from '../support/events.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { waitForEmail } from '../support/mail.ts'
import { sessionToken } from '../support/session.ts'
import { sidebarLabels } from '../support/shell.ts'

// The "Done when" journey: a member applies; an admin offers in bulk; the member receives
// the email (from the test SMTP server), accepts; the admin records payment; the member's sidebar
// then shows the event's items by the navigation rules.

const superAdmin = demo('superadmin')

const permissions = {
  releaseParticipantInfoPack: true,
  releaseFinalParticipantInfo: false,
  releaseCastList: true,
}
const paymentLines = { singer: [{ key: 'fee', label: 'Participation fee', amountPence: 2500 }] }

/** A members-only concert taking up to 4 singers for £25, info pack and cast list released. */
async function createJourneyEvent(): Promise<{ slug: string; title: string }> {
  const slug = uniqueSlug('journey')
  const title = `Journey Concert ${slug.slice(8)}`
  await createEvent(baseUrl, await sessionToken(baseUrl, superAdmin), {
    slug,
    title,
    eventConfig: {
      permissions,
      applicationTypes: { singer: { label: 'Singer', open: true, capacity: 4, questions: [] } },
      paymentLines,
      content: { infoPack: { singer: 'Rehearsals are on Tuesdays.' } },
    },
  })
  return { slug, title }
}

test(
  'apply, bulk offer, email, accept, payment, sidebar',
  { timeout: 180_000 },
  async ({ page, signedInAs, expectAxeClean, expectClean, otherTab }) => {
    const { slug, title } = await createJourneyEvent()
    const member = await freshMember(baseUrl, superAdmin, {
      name: 'Jo Journey',
      emailPrefix: 'journey',
      password: 'journey-password-2026',
    })

    // The member applies through the form.
    await signedInAs(member)
    await page.goto(`${baseUrl}/applications/${slug}/singer`)
    await page.getByRole('heading', { level: 1, name: 'Apply: Singer' }).waitFor()
    await page.getByLabel('Your name', { exact: true }).fill(member.name)
    await page.getByLabel('Phone number', { exact: true }).fill('+44 7700 900123')
    await page.getByLabel('Their name', { exact: true }).fill('Pat Journey')
    await page.getByLabel('Their phone number', { exact: true }).fill('07700 900456')
    await page.getByLabel('How they are related to you', { exact: true }).fill('Parent')
    await page.getByRole('button', { name: 'Submit application' }).click()
    await page.waitForURL(`${baseUrl}/applications/${slug}/diversity`)

    // An admin offers in bulk: select all submitted, preview who gets which email, confirm.
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/acceptance/${slug}`)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await page.getByRole('meter', { name: 'Singer' }).waitFor()
    // Search by name (issue 29): an unknown name shows none, the member's shows their row.
    const search = page.getByLabel('Search name or email')
    await search.fill('nobody-of-that-name')
    await page.getByText('No applications match these filters.').waitFor()
    await search.fill(member.name.split(' ')[1]!.toLowerCase())
    await page.getByRole('row').filter({ hasText: member.email }).waitFor()
    await search.fill('')
    await page.getByLabel('Status', { exact: true }).selectOption('SUBMITTED')
    await page.getByRole('checkbox', { name: 'Select all shown' }).check()
    expect(await page.getByRole('checkbox', { name: `Select ${member.name}` }).isChecked()).toBe(true)
    await expectAxeClean('the acceptance page')
    await page.getByRole('button', { name: 'Offer…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Offer: preview' })
    await dialog.waitFor()
    const preview = dialog.getByRole('list', { name: 'Preview' })
    await preview.getByText(`Email: A place for you in ${title}`).waitFor()
    expect(await preview.textContent()).toContain(member.email)
    expect(await preview.getByRole('listitem').count()).toBe(1)
    await expectAxeClean('the preview dialog')
    await dialog.getByRole('button', { name: 'Send 1 offer' }).click()
    await dialog.waitFor({ state: 'detached' })
    const row = page.getByRole('row').filter({ hasText: member.email })
    await page.getByLabel('Status', { exact: true }).selectOption('')
    await row.getByText(/Expires in/).waitFor()

    // The offer arrives by SMTP.
    const offer = await waitForEmail({ to: member.email, subject: new RegExp(`A place for you in ${title}`) })
    expect(offer.text).toContain(`Hi ${member.name}`)
    expect(offer.text).toContain(`${baseUrl}/applications`)

    // The member accepts on /applications.
    await signedInAs(member)
    await page.goto(`${baseUrl}/applications`)
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
    await card.waitFor()
    await card.getByRole('button', { name: 'Accept offer' }).click()
    await card.getByText('Confirmed', { exact: true }).waitFor()
    await waitForEmail({ to: member.email, subject: new RegExp(`You are in: ${title}`) })

    // The event page shows where the member stands, not Apply (issue 29).
    await page.goto(`${baseUrl}/events/${slug}`)
    const standing = page.getByRole('link', { name: /Singer.*Confirmed/ })
    await standing.waitFor()
    expect(await page.getByRole('link', { name: /^Apply/ }).count()).toBe(0)

    // The member keeps /applications open in another tab while the admin records the payment.
    await otherTab.signedInAs(member)
    await otherTab.page.goto(`${baseUrl}/applications`)
    const open = otherTab.page
      .getByRole('listitem')
      .filter({ has: otherTab.page.getByRole('heading', { name: title }) })
    await open.getByText('Total outstanding: £25.00').waitFor()

    // The admin records the payment.
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/acceptance/${slug}`)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await page.getByRole('button', { name: `Record payment for ${member.name}` }).click()
    const payment = page.getByRole('dialog', { name: `Record payment: ${member.name}` })
    await payment.waitFor()
    expect(await payment.getByLabel('Amount (£)').inputValue()).toBe('25.00')
    await payment.getByLabel('Method').selectOption('BANK_TRANSFER')
    await payment.getByLabel('Reference').fill('JOURNEY-1')
    await expectAxeClean('the payment dialog')
    await payment.getByRole('button', { name: 'Record payment' }).click()
    await payment.waitFor({ state: 'detached' })
    await page.getByRole('row').filter({ hasText: member.email }).getByText('Accepted, paid').waitFor()
    // …and the member's open page follows without a reload (issue 29).
    await open.getByText('Paid', { exact: true }).waitFor()
    expect(await open.getByText(/outstanding/).count()).toBe(0)

    // The member's sidebar shows the event's items by the navigation rules.
    await signedInAs(member)
    await page.goto(`${baseUrl}/applications`)
    await card.getByText('Paid', { exact: true }).waitFor()
    const expected = applicationNavItems({
      id: 'x',
      applicationType: 'singer',
      status: 'PAID',
      updatedAt: new Date(),
      event: {
        slug,
        type: 'CONCERT',
        title,
        showName: null,
        startDate: new Date(),
        endDate: new Date(Date.now() + DAY),
        eventConfig: { permissions, paymentLines },
      },
    }).map((item) => item.label)
    expect(expected).toEqual(['Cast List', 'Info Pack', 'Part Breakdown', 'Social Links'])
    expect((await sidebarLabels(page)).find(([section]) => section === title)).toEqual([title, expected])
    await expectClean()
  },
)
