import { randomUUID } from 'node:crypto'
import { describe } from 'vitest'
import { waitForEmail } from '../support/mail.ts'
import { baseUrl, expect, test } from '../support/fixtures.ts'
import { formatCalendarDate } from '#client/lib/format.ts'

// Issue 14's journey, in order: a visitor buys, a member enters the ballot with a group, the
// ticketAdmin draws and records the payment, seats the winners at tables, the member sees the QR and
// the table, the door checks it in once (showing the table),
// Ticket Stats charts the sale.

const buyer = { name: 'Vic Visitor', email: `vic-${randomUUID().slice(0, 8)}@example.test` }
let winnerCode = ''
let winnerTable = ''

describe('tickets', () => {
  test('an anonymous visitor buys a public ticket and receives it by email', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto(`${baseUrl}/concert-season-2025/ticket-sales`)
    const adult = page.getByRole('region', { name: 'Adult' })
    await adult.waitFor()
    await adult.getByLabel('Email for the tickets').fill(buyer.email)
    await adult.getByRole('button', { name: 'Continue with 1 Adult ticket' }).click()
    // The ticket is held while the buyer finishes: a countdown, then names and payment.
    await adult.getByRole('timer').waitFor()
    expect(await adult.getByRole('timer').textContent()).toMatch(/^(10|9):\d\d$/)
    expect(await adult.textContent()).toContain('Held for you for')
    await expectAccessible('ticket shop, step 2')
    await adult.getByLabel('Your name').fill(buyer.name)
    await adult.getByLabel('Bank transfer with reference').check()
    await adult.getByRole('button', { name: 'Confirm the ticket' }).click()
    // Signed out: the order waits for the link emailed to the address (issue 26).
    await adult.getByText(`We've emailed a link to ${buyer.email}; your tickets are kept until`).waitFor()
    expect(await adult.textContent()).toContain('within 2 hours')
    await expectAccessible('ticket shop, link emailed')
    const link = await waitForEmail({
      to: buyer.email,
      subject: /Confirm your tickets for Concert Season 2025/,
    })
    const url = /https?:\/\/\S+\/tickets\/confirm\/[\w-]+/.exec(link.text ?? '')![0]
    await page.goto(`${baseUrl}${new URL(url).pathname}`)
    await page.getByRole('button', { name: 'Confirm my order' }).click()
    await page.getByText(`Confirmed: 1 ticket sent to ${buyer.email}`).waitFor()
    await expectAccessible('ticket order confirmed')
    // The link works once.
    await page.reload()
    await page.getByText('This link was used already').waitFor()
    const mail = await waitForEmail({ to: buyer.email, subject: /Your tickets for Concert Season 2025/ })
    expect(mail.text).toMatch(/ticket code SD1-[A-Za-z0-9_-]{24}/)
    expect(mail.text).toMatch(/by bank transfer quoting SD-T[0-9A-F]{10}/)
    // The ticket comes attached as a PDF.
    const pdf = mail.attachments.find((a) => a.mimeType === 'application/pdf')
    expect(
      Buffer.from(pdf!.content as ArrayBuffer)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-')
  })

  test('a buyer who lets the hold go starts again, and the tickets are back on sale', async ({ page }) => {
    await page.goto(`${baseUrl}/concert-season-2025/ticket-sales`)
    const type = page.getByRole('region', { name: 'Concession' })
    await type.waitFor()
    const before = await type.textContent()
    await type.getByLabel('Email for the tickets').fill(`cancel-${randomUUID().slice(0, 8)}@example.test`)
    await type.getByRole('button', { name: 'Continue with 1 Concession ticket' }).click()
    await type.getByRole('timer').waitFor()
    await type.getByRole('button', { name: 'Cancel and release' }).click()
    await type.getByRole('button', { name: 'Continue with 1 Concession ticket' }).waitFor()
    await page.reload()
    await type.waitFor()
    expect(await type.textContent()).toBe(before)
  })

  test('a member requests ballot tickets with a group', async ({ page, signedInAs }) => {
    await signedInAs('member1')
    await page.goto(`${baseUrl}/winter-formal/ticket-sales`)
    const ballot = page.getByRole('region', { name: 'Formal dinner' })
    await ballot.waitFor()
    await ballot.getByLabel('Tickets').selectOption('2')
    await ballot.getByLabel('…or start a group').fill('Maya’s table')
    await ballot.getByRole('button', { name: 'Request 2 tickets' }).click()
    await page
      .getByText(/You requested 2 tickets with the group Maya’s table/)
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        console.log('ballot form showed:', await ballot.innerText())
        throw error
      })
  })

  test('the ticketAdmin runs the draw and records the winner’s payment', async ({ page, signedInAs }) => {
    await signedInAs('ticketadmin')
    await page.goto(`${baseUrl}/admin/winter-formal/tickets/allocation`)
    await page
      .getByRole('heading', { level: 1, name: 'Ticket Allocation' })
      .waitFor({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        console.log('allocation page showed:', await page.locator('body').innerText())
        throw error
      })
    await page.getByLabel('Seed (optional)').fill('e2e-seed')
    await page.getByRole('button', { name: 'Run the draw' }).click()
    await page.getByText('Drawn with seed e2e-seed.').waitFor()
    await page.getByRole('button', { name: 'Record payment: £90.00 paid by Maya Patel' }).click()
    await page.getByText('Payment recorded.').first().waitFor()
  })

  test('the ticketAdmin seats the winners at tables of 8', async ({ page, signedInAs, expectAccessible }) => {
    await signedInAs('ticketadmin')
    await page.goto(`${baseUrl}/admin/winter-formal/tickets/allocation`)
    const seating = page.getByRole('region', { name: 'Seating', exact: true })
    await seating.getByText('Numbered seats (one ticket each)').waitFor({ timeout: 20_000 })
    await seating.getByLabel('Table size').fill('8')
    await seating.getByRole('button', { name: 'Seat at tables of 8' }).click()
    await page.getByText(/^Seated \d+ tickets; tables 1 to \d+ in use\.$/).waitFor()
    await seating.getByText(/^Tables of 8 · (\d+) of \1 live tickets seated\.$/).waitFor()
    const field = seating.getByLabel('Table for Maya Patel', { exact: true })
    winnerTable = `Table ${await field.inputValue()}`
    expect(winnerTable).toMatch(/^Table \d+$/)
    // Her group sits with her.
    expect(await seating.getByLabel('Table for Maya Patel guest 1', { exact: true }).inputValue()).toBe(
      winnerTable.replace('Table ', ''),
    )
    await expectAccessible('ticket allocation with seating')
  })

  test('the winner sees the QR on /tickets', async ({ page, signedInAs, expectAccessible }) => {
    await signedInAs('member1')
    await page.goto(`${baseUrl}/tickets`)
    const ticket = page.getByRole('article', { name: 'Formal dinner ticket for Maya Patel', exact: true })
    await ticket.waitFor()
    const qr = ticket.getByRole('img', { name: 'QR code of the ticket for Maya Patel', exact: true })
    await qr.waitFor()
    winnerCode = (await qr.getAttribute('data-ticket-code')) ?? ''
    expect(winnerCode).toMatch(/^SD1-/)
    expect(await ticket.textContent()).toContain('Paid')
    await ticket.getByText(winnerTable, { exact: true }).waitFor()
    await expectAccessible('my tickets')
  })

  test('the door checks the ticket in once and refuses the second scan (375 px)', async ({
    page,
    signedInAs,
  }) => {
    await signedInAs('ticketadmin')
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto(`${baseUrl}/admin/winter-formal/tickets/check-in`)
    await page.getByRole('heading', { level: 1, name: 'Door check-in' }).waitFor()
    await page.getByLabel('Ticket code').fill(winnerCode)
    await page.getByRole('button', { name: 'Check in' }).click()
    await page.locator('[data-scan="VALID"]').waitFor()
    expect(await page.locator('[data-scan]').textContent()).toContain(winnerTable)
    await page.getByLabel('Ticket code').fill(winnerCode)
    await page.getByRole('button', { name: 'Check in' }).click()
    await page.locator('[data-scan="ALREADY_USED"]').waitFor()
    expect(await page.locator('[data-scan]').textContent()).toContain('Already used')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('Ticket Stats shows the sale in its chart', async ({ page, signedInAs, expectAccessible }) => {
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/concert-season-2025/tickets`)
    await page.getByRole('heading', { level: 1, name: 'Ticket Stats' }).waitFor()
    const chart = page.getByTestId('sales-chart')
    await chart.locator('.recharts-bar-rectangle').first().waitFor()
    // Days in words (issue 29), today's sale among them.
    const today = formatCalendarDate(new Date().toISOString().slice(0, 10))
    const caption = await chart.locator('figcaption').textContent()
    expect(caption).toContain(today)
    expect(caption).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    await expectAccessible('ticket stats')
  })
})
