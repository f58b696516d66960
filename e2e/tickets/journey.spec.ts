import { randomUUID } from 'node:crypto'
import { describe } from 'vitest'
import { waitForEmail } from '../support/mail.ts'
import { baseUrl, expect, test } from '../support/fixtures.ts'
import { formatCalendarDate } from '#client/lib/format.ts'

// Issue 14's journey: a visitor buys and Ticket Stats charts the sale; a buyer lets a hold go; and
// the ballot, in order, as one test (each step needs the one before): a member enters with a group,
// the ticketAdmin draws and records the payment, seats the winners at tables, the member sees the
// QR and the table, the door checks it in once (showing the table). No test reads another's state.

const buyer = { name: 'Vic Visitor', email: `vic-${randomUUID().slice(0, 8)}@example.test` }

describe('tickets', () => {
  test('an anonymous visitor buys a public ticket, receives it by email, and Ticket Stats charts it', async ({
    page,
    signedInAs,
    expectAccessible,
  }) => {
    await page.goto(`${baseUrl}/concert-season-2025/ticket-sales`)
    // One basket across the types (decision 0045): 2 adults and 1 concession, one email.
    const basket = page.getByRole('region', { name: 'Your basket' })
    await basket.waitFor()
    await basket.getByLabel('Adult tickets').selectOption('2')
    await basket.getByLabel('Concession tickets').selectOption('1')
    await basket.getByLabel('Email for the tickets').fill(buyer.email)
    await basket.getByRole('button', { name: 'Continue with 3 tickets' }).click()
    // The tickets are held while the buyer finishes: a countdown, then names and payment.
    const checkout = page.getByRole('region', { name: 'Checkout' })
    await checkout.getByRole('timer').waitFor()
    expect(await checkout.getByRole('timer').textContent()).toMatch(/^(10|9):\d\d$/)
    expect(await checkout.textContent()).toContain('2 × Adult, 1 × Concession')
    await expectAccessible('ticket shop, step 2')
    await checkout.getByLabel('Your name').fill(buyer.name)
    await checkout.getByLabel('Bank transfer with reference').check()
    // The society's account and this order's reference, before confirming.
    await checkout.getByText('Your reference', { exact: true }).waitFor()
    await checkout.getByRole('button', { name: 'Confirm the 3 tickets' }).click()
    // Signed out: the order waits for the link emailed to the address (issue 26).
    const done = page.getByRole('region', { name: 'Your order' })
    await done.getByText(`We've emailed a link to ${buyer.email}; your tickets are kept until`).waitFor()
    expect(await done.textContent()).toContain('within 2 hours')
    await expectAccessible('ticket shop, link emailed')
    const link = await waitForEmail({
      to: buyer.email,
      subject: /Confirm your tickets for Concert Season 2025/,
    })
    const url = /https?:\/\/\S+\/tickets\/confirm\/[\w-]+/.exec(link.text ?? '')![0]
    await page.goto(`${baseUrl}${new URL(url).pathname}`)
    await page.getByRole('button', { name: 'Confirm my order' }).click()
    await page.getByText(`Confirmed: 3 tickets sent to ${buyer.email}`).waitFor()
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

    // Ticket Stats charts the sale: days in words (issue 29), today's among them.
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/concert-season-2025/tickets`)
    await page.getByRole('heading', { level: 1, name: 'Ticket Stats' }).waitFor()
    const chart = page.getByTestId('sales-chart')
    await chart.locator('.recharts-bar-rectangle').first().waitFor()
    const today = formatCalendarDate(new Date().toISOString().slice(0, 10))
    const caption = await chart.locator('figcaption').textContent()
    expect(caption).toContain(today)
    expect(caption).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    await expectAccessible('ticket stats')
  })

  test('a buyer who lets the hold go starts again, and the tickets are back on sale', async ({ page }) => {
    await page.goto(`${baseUrl}/concert-season-2025/ticket-sales`)
    const type = page.getByRole('region', { name: 'Concession' })
    await type.waitFor()
    const before = await type.textContent()
    const basket = page.getByRole('region', { name: 'Your basket' })
    await basket.getByLabel('Adult tickets').selectOption('0')
    await basket.getByLabel('Concession tickets').selectOption('1')
    await basket.getByLabel('Email for the tickets').fill(`cancel-${randomUUID().slice(0, 8)}@example.test`)
    await basket.getByRole('button', { name: 'Continue with 1 ticket' }).click()
    const checkout = page.getByRole('region', { name: 'Checkout' })
    await checkout.getByRole('timer').waitFor()
    await checkout.getByRole('button', { name: 'Cancel and release' }).click()
    await basket.getByRole('button', { name: 'Continue with 1 ticket' }).waitFor()
    await page.reload()
    await type.waitFor()
    expect(await type.textContent()).toBe(before)
  })

  test(
    'the ballot, from a group request to the door',
    { timeout: 150_000 },
    async ({ page, signedInAs, expectAccessible }) => {
      // 1. A member asks for two tickets and starts a group.
      await signedInAs('member1')
      await page.goto(`${baseUrl}/winter-formal/ticket-sales`)
      const ballot = page.getByRole('region', { name: 'Formal dinner' })
      await ballot.waitFor()
      await ballot.getByLabel('Tickets').selectOption('2')
      await ballot.getByLabel('…or start a group').fill('Maya’s table')
      await ballot.getByRole('button', { name: 'Request 2 tickets' }).click()
      const requested = page.getByText(/You requested 2 tickets with the group Maya’s table/)
      await requested.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
        console.log('ballot form showed:', await ballot.innerText())
        throw error
      })
      // The group's code to share, and the form is gone: one request per member.
      expect(await requested.textContent()).toMatch(
        /with the group Maya’s table \(code \S+: share it to join\)/,
      )
      expect(await ballot.getByRole('button', { name: 'Request 2 tickets' }).count()).toBe(0)

      // 2. The ticketAdmin runs the draw and records the winner's payment.
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
      // The draw cannot be undone: a dialog says what it will do and asks again.
      const confirm = page.getByRole('dialog', { name: /^Run the .+ draw\?$/ })
      const warning = confirm.getByText(
        /\d+ entr(y asks|ies ask) for \d+ tickets; \d+ can be drawn\. The draw cannot be undone/,
      )
      await warning.waitFor()
      expect(await warning.textContent()).toMatch(/The draw cannot be undone/)
      await confirm.getByRole('button', { name: 'Run the draw now' }).click()
      await page.getByText('Drawn with seed e2e-seed.').waitFor()
      await expect.poll(() => confirm.count()).toBe(0)
      expect(await page.getByLabel('Seed (optional)').count()).toBe(0)
      const record = page.getByRole('button', { name: 'Record payment: £90.00 paid by Maya Patel' })
      await record.click()
      await page.getByText('Payment recorded.').first().waitFor()
      await expect.poll(() => record.count()).toBe(0)

      // 3. The ticketAdmin seats the winners at tables of 8; her group sits with her.
      const seating = page.getByRole('region', { name: 'Seating', exact: true })
      await seating.getByText('Numbered seats (one ticket each)').waitFor({ timeout: 20_000 })
      await seating.getByLabel('Table size').fill('8')
      await seating.getByRole('button', { name: 'Seat at tables of 8' }).click()
      await page.getByText(/^Seated \d+ tickets; tables 1 to \d+ in use\.$/).waitFor()
      await seating.getByText(/^Tables of 8 · (\d+) of \1 live tickets seated\.$/).waitFor()
      const table = await seating.getByLabel('Table for Maya Patel', { exact: true }).inputValue()
      expect(table).toMatch(/^\d+$/)
      expect(await seating.getByLabel('Table for Maya Patel guest 1', { exact: true }).inputValue()).toBe(
        table,
      )
      await expectAccessible('ticket allocation with seating')

      // 4. The winner sees the QR, paid, and her table on /tickets.
      await signedInAs('member1')
      await page.goto(`${baseUrl}/tickets`)
      const ticket = page.getByRole('article', { name: 'Formal dinner ticket for Maya Patel', exact: true })
      await ticket.waitFor()
      const qr = ticket.getByRole('img', { name: 'QR code of the ticket for Maya Patel', exact: true })
      await qr.waitFor()
      const code = (await qr.getAttribute('data-ticket-code')) ?? ''
      expect(code).toMatch(/^SD1-/)
      expect(await ticket.textContent()).toContain('Paid')
      await ticket.getByText(`Table ${table}`, { exact: true }).waitFor()
      expect(await ticket.textContent()).toContain(`Table ${table}`)
      await expectAccessible('my tickets')

      // 5. The door checks the ticket in once, showing the table, and refuses the second scan (375 px).
      await signedInAs('ticketadmin')
      await page.setViewportSize({ width: 375, height: 740 })
      await page.goto(`${baseUrl}/admin/winter-formal/tickets/check-in`)
      await page.getByRole('heading', { level: 1, name: 'Door check-in' }).waitFor()
      await page.getByLabel('Ticket code').fill(code)
      await page.getByRole('button', { name: 'Check in' }).click()
      await page.locator('[data-scan="VALID"]').waitFor()
      expect(await page.locator('[data-scan]').textContent()).toContain(`Table ${table}`)
      await page.getByLabel('Ticket code').fill(code)
      await page.getByRole('button', { name: 'Check in' }).click()
      await page.locator('[data-scan="ALREADY_USED"]').waitFor()
      expect(await page.locator('[data-scan]').textContent()).toContain('Already used')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    },
  )
})
