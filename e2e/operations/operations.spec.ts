import { readFile } from 'node:fs/promises'
import { baseUrl, expect, test } from '../support/fixtures.ts'

// The "Done when": operations for the demo sing-through (filter, CSV as shown, a payment
// that makes an application PAID and reaches the member's sidebar live, a register at 375 px, the
// emergency-contacts view in the audit log), and the dashboard's expiring offer.

const SLUG = 'messiah-singthrough'

test(
  'operations: filter, CSV, payment to PAID live, register at 375 px, audited contacts',
  { timeout: 180_000 },
  async ({ page, signedInAs, otherTab, expectAxeClean }) => {
    // The member (Maya Patel, CONFIRMED soprano) has the app open: her sidebar listens.
    await otherTab.signedInAs('member1')
    const navigationPushes: string[] = []
    otherTab.page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => {
        const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString()
        if (text.includes('myNavigationChanged')) navigationPushes.push(text)
      }),
    )
    await otherTab.page.goto(`${baseUrl}/`)
    await otherTab.page.getByRole('navigation').first().waitFor()

    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/operations/${SLUG}`)
    await page.getByRole('heading', { level: 1, name: 'Messiah Sing-through' }).waitFor()
    const table = page.getByRole('table', { name: 'Participants' })
    await table.waitFor()
    await expectAxeClean('operations participants')

    // A payment that settles Maya's line makes her application PAID.
    await page.getByLabel('Status', { exact: true }).selectOption('CONFIRMED')
    await page.getByLabel('Part', { exact: true }).selectOption('')
    await page.getByLabel('Search', { exact: true }).fill('member1@')
    await page.getByRole('button', { name: 'Record payment for Maya Patel' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record payment: Maya Patel' })
    await dialog.waitFor()
    expect(await dialog.getByLabel('Amount (£)').inputValue()).toBe('8.00')
    // Paid in two parts, recorded together: £5 in cash and £3 by card, one submit.
    await dialog.getByLabel('Amount (£)').fill('5')
    await dialog.getByLabel('Method').selectOption('CASH')
    await dialog.getByRole('button', { name: 'Add another payment' }).click()
    const second = dialog.getByRole('group', { name: 'Payment 2' })
    await second.getByLabel('Amount (£)').fill('3')
    await second.getByLabel('Method').selectOption('CARD')
    await second.getByLabel('Reference').fill('card slip 12')
    await expectAxeClean('payment dialog with two payments')
    await dialog.getByRole('button', { name: 'Record 2 payments' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('£8.00 recorded for Maya Patel in 2 payments; all paid.').waitFor()
    await page.getByLabel('Search', { exact: true }).fill('')
    // The member's sidebar was told, live, over its subscription.
    await expect.poll(() => navigationPushes.length, { timeout: 15_000 }).toBeGreaterThan(0)

    // PAID sopranos, exported: the file's rows are the table's rows.
    await page.getByLabel('Status', { exact: true }).selectOption('PAID')
    await page.getByLabel('Part', { exact: true }).selectOption('Soprano')
    await table.getByRole('rowheader', { name: 'Maya Patel' }).waitFor()
    // Each row header is the name, then the email on the line below it.
    const shownNames = (await table.getByRole('rowheader').allInnerTexts()).map((t) => t.split('\n')[0])
    expect(shownNames.length).toBeGreaterThan(0)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    const csv = await readFile((await download.path())!, 'utf8')
    const lines = csv.trim().split('\n')
    expect(lines[0]).toMatch(/^Name,Email,Type,Part,Status/)
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(shownNames)
    expect(lines.slice(1).every((l) => l.split(',')[3] === 'Soprano' && l.split(',')[4] === 'Paid')).toBe(
      true,
    )

    // A register on a phone.
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`${baseUrl}/admin/operations/${SLUG}?tab=attendance`)
    const date = page.getByLabel('Date', { exact: true })
    await date.waitFor()
    const firstDate = await date.locator('option').nth(1).getAttribute('value')
    await date.selectOption(firstDate!)
    const firstLabel = (await date.locator('option').nth(1).textContent())!.split(' · ')[0]!
    expect(firstLabel).not.toMatch(/^\d{4}-/)
    const register = page.getByRole('list', { name: `Register for ${firstLabel}` })
    const maya = register.getByRole('group', { name: /Maya Patel/ })
    await maya.getByLabel('Present').click()
    await expect.poll(() => maya.getByLabel('Present').isChecked()).toBe(true)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectAxeClean('register at 375 px')
    await page.setViewportSize({ width: 1280, height: 800 })

    // Emergency contacts, then the audit page shows that view.
    await page.goto(`${baseUrl}/admin/operations/${SLUG}?tab=contacts`)
    await page.getByRole('table', { name: 'Emergency contacts' }).waitFor()
    await page.goto(`${baseUrl}/admin/system/audit?actor=Sasha`)
    const audit = page.getByRole('table', { name: 'Audit entries' })
    await audit.getByRole('cell', { name: 'Viewed dietary, access and emergency details' }).first().waitFor()
    await expect.poll(() => audit.getByText(/Messiah Sing-through/).count()).toBeGreaterThan(0)
  },
)

test('the dashboard lists an offer expiring within 48 h; it opens acceptance with it selected', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('superadmin')
  await page.goto(`${baseUrl}/admin`)
  const needs = page.getByRole('region', { name: 'Needs doing' })
  const offer = needs.getByRole('link', { name: /Offer to .* expires/ }).first()
  await offer.waitFor()
  const href = await offer.getAttribute('href')
  expect(href).toMatch(/^\/admin\/acceptance\/[^?]+\?application=/)
  const id = new URL(href!, baseUrl).searchParams.get('application')!
  await offer.click()
  await page.waitForURL((url) => url.pathname.startsWith('/admin/acceptance/'))
  const row = page.locator(`tr[aria-current="true"]`)
  await row.waitFor()
  await expect.poll(() => row.getByRole('checkbox').isChecked()).toBe(true)
  expect(await row.getAttribute('id')).toBe(`application-${id}`)
})
