import { randomUUID } from 'node:crypto'
import { describe } from 'vitest'
import { waitForEmail } from '../support/mail.ts'
import { baseUrl, expect, test } from '../support/fixtures.ts'
import { sidebar } from '../support/shell.ts'

// The rest of issue 14: the Tickets admin page sets up a sale with a form checked by the shared
// schema; a ticket's holder transfers it from the emailed link and the old code dies.

const visitor = { name: 'Tia Transfer', email: `tia-${randomUUID().slice(0, 8)}@example.test` }
let friendCode = ''
const friend = { name: 'Finn Friend', email: `finn-${randomUUID().slice(0, 8)}@example.test` }

describe('ticket set-up and the holder’s actions', () => {
  test('a ticketAdmin adds a ticket type from the Tickets page', async ({
    page,
    signedInAs,
    expectAccessible,
  }) => {
    await signedInAs('ticketadmin')
    await page.goto(`${baseUrl}/admin/winter-concert/tickets/setup`)
    await page.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor()
    expect(
      await sidebar(page).getByRole('link', { name: 'Tickets', exact: true }).getAttribute('aria-current'),
    ).toBe('page')
    const form = page.getByRole('region', { name: 'Set up the sale' })
    if (!(await form.getByLabel('Name').isVisible())) await form.getByLabel('Add a ticket type').check()
    // The shared schema refuses an empty type at its fields, before anything is sent.
    await form.getByRole('button', { name: 'Save and add the type' }).click()
    await form.getByText('Give the ticket type a name.').waitFor()
    await form.getByText('Give the number of tickets of this type.').waitFor()
    await expectAccessible('ticket set-up with errors')

    await form.getByLabel('Capacity').fill('120')
    await form.getByLabel('Published: the shop is open').check()
    await form.getByLabel('Name').fill('Student')
    await form.getByLabel('Price (£)').fill('5.50')
    await form.getByLabel('Quota').fill('40')
    await form.getByRole('button', { name: 'Save and add the type' }).click()
    const types = page.getByRole('region', { name: 'Ticket types' })
    await types.getByRole('cell', { name: 'Student' }).waitFor()
    expect(await types.textContent()).toContain('£5.50')

    await page.goto(`${baseUrl}/winter-concert/ticket-sales`)
    await page.getByRole('region', { name: 'Student' }).waitFor()
  })

  test('a ticketAdmin edits a type, cannot cut a sold one below its sales, and removes an unsold one', async ({
    page,
    signedInAs,
    expectAccessible,
  }) => {
    await signedInAs('ticketadmin')
    // Adult has sales: the price and mode are fixed, and the quota cannot go below what is taken.
    await page.goto(`${baseUrl}/admin/concert-season-2025/tickets/setup`)
    await page.getByRole('button', { name: 'Edit Adult' }).click()
    const adult = page.getByRole('region', { name: 'Edit Adult' })
    await adult.waitFor()
    expect(await adult.getByLabel('How tickets are given').isDisabled()).toBe(true)
    expect(await adult.textContent()).toMatch(/Fixed: \d+ tickets are sold or held at this price\./)
    await adult.getByLabel('Quota').fill('1')
    await adult.getByRole('button', { name: 'Save Adult' }).click()
    await adult
      .getByText(/tickets are sold or held; the quota cannot be less\./)
      .first()
      .waitFor()
    await expectAccessible('editing a ticket type with a refusal')
    expect(await adult.getByRole('button', { name: 'Remove Adult' }).count()).toBe(0)
    await adult.getByRole('button', { name: 'Cancel' }).click()

    // A new type with nothing sold is edited freely, then removed.
    await page.goto(`${baseUrl}/admin/winter-concert/tickets/setup`)
    await page.getByRole('button', { name: 'Edit Student' }).click()
    const student = page.getByRole('region', { name: 'Edit Student' })
    await student.getByLabel('Name').fill('Student saver')
    await student.getByLabel('Price (£)').fill('4.00')
    await student.getByRole('button', { name: 'Save Student' }).click()
    const types = page.getByRole('region', { name: 'Ticket types' })
    await types.getByText('Student saver').waitFor()
    expect(await types.textContent()).toContain('£4.00')
    await page.getByRole('button', { name: 'Edit Student saver' }).click()
    await page.getByRole('button', { name: 'Remove Student saver' }).click()
    await page.getByText('Removed Student saver.').first().waitFor()
    await page.getByRole('button', { name: 'Edit Student saver' }).waitFor({ state: 'detached' })
  })

  test('a holder transfers a ticket from the emailed link; the old code stops working', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto(`${baseUrl}/concert-season-2025/ticket-sales`)
    const adult = page.getByRole('region', { name: 'Adult' })
    await adult.waitFor()
    await adult.getByLabel('Email for the tickets').fill(visitor.email)
    await adult.getByRole('button', { name: 'Continue with 1 Adult ticket' }).click()
    await adult.getByLabel('Your name').fill(visitor.name)
    await adult.getByRole('button', { name: 'Confirm the ticket' }).click()
    // Signed out: the order waits for the link emailed to the address (issue 26).
    await adult.getByText(`We've emailed a link to ${visitor.email}; your tickets are kept until`).waitFor()
    const confirm = await waitForEmail({
      to: visitor.email,
      subject: /Confirm your tickets for Concert Season 2025/,
    })
    const confirmUrl = /https?:\/\/\S+\/tickets\/confirm\/[\w-]+/.exec(confirm.text ?? '')![0]
    await page.goto(`${baseUrl}${new URL(confirmUrl).pathname}`)
    await page.getByRole('button', { name: 'Confirm my order' }).click()
    await page.getByText(`Confirmed: 1 ticket sent to ${visitor.email}`).waitFor()
    const mail = await waitForEmail({ to: visitor.email, subject: /Your tickets for Concert Season 2025/ })
    const link = /\/tickets\/show\/(SD1-[A-Za-z0-9_-]{24})/.exec(mail.text ?? '')
    expect(link).not.toBeNull()
    const oldCode = link![1]!

    await page.goto(`${baseUrl}/tickets/show/${oldCode}`)
    const ticket = page.getByRole('article', { name: `Adult ticket for ${visitor.name}` })
    await ticket.waitFor()
    await ticket.getByRole('button', { name: 'Transfer' }).click()
    await ticket.getByLabel('New holder’s name').fill(friend.name)
    await ticket.getByLabel('New holder’s email').fill(friend.email)
    await expectAccessible('transfer form')
    await ticket.getByRole('button', { name: 'Transfer the ticket' }).click()
    await page.getByText(`Transferred to ${friend.name}`).waitFor()
    await page.getByText('This ticket code no longer works').waitFor()

    const passed = await waitForEmail({ to: friend.email, subject: /has been passed to you/ })
    const newCode = /ticket code is (SD1-[A-Za-z0-9_-]{24})/.exec(passed.text ?? '')?.[1]
    expect(newCode).toBeTruthy()
    expect(newCode).not.toBe(oldCode)
    await page.goto(`${baseUrl}/tickets/show/${newCode}`)
    await page.getByRole('article', { name: `Adult ticket for ${friend.name}` }).waitFor()
    friendCode = newCode!
  })

  test('the door checks in offline from the downloaded list and syncs when back online', async ({
    page,
    signedInAs,
    expectAccessible,
  }) => {
    await signedInAs('ticketadmin')
    await page.goto(`${baseUrl}/admin/concert-season-2025/tickets/check-in`)
    await page.getByRole('heading', { level: 1, name: 'Door check-in' }).waitFor()
    await page.getByRole('button', { name: 'Download for offline use' }).click()
    await page.getByText(/Ticket list on this device: \d+ tickets/).waitFor()
    await page.context().setOffline(true)
    await page.getByLabel('Ticket code').fill(friendCode)
    await page.getByRole('button', { name: 'Check in' }).click()
    await page.locator('[data-scan]').getByText('Valid: let them in (offline)').waitFor()
    await page.getByLabel('Ticket code').fill(friendCode)
    await page.getByRole('button', { name: 'Check in' }).click()
    await page.locator('[data-scan]').getByText('Already used (offline)').waitFor()
    await page.getByText('1 offline scans wait to sync.').waitFor()
    await expectAccessible('offline door')
    await page.context().setOffline(false)
    await page.getByText('Synced: no double scans.').waitFor()
    // Online again, the server agrees the ticket is used.
    await page.getByLabel('Ticket code').fill(friendCode)
    await page.getByRole('button', { name: 'Check in' }).click()
    await page.locator('[data-scan="ALREADY_USED"]').waitFor()
  })
})
