import { randomUUID } from 'node:crypto'
import { describe } from 'vitest'
import { showInMailApp, waitForEmail } from '../support/mail.ts'
import { baseUrl, expect, test } from '../support/fixtures.ts'

// Issue 27, done when: a newcomer on a phone (375 px, signed out) goes listings → the event's card →
// the event's page → Buy tickets → one basket of 2 adults and 1 concession → one checkout paying at
// the door → the emailed link (tapped in the mail, decision 0035) → the order page with the 3
// tickets; the door scans one, collects its price and lets them in, and the buyer's ticket page says
// when. Clicks only: no address is typed (no `goto`) after the first page. The door is another person
// (the ticket admin) in another browser, who reaches the door page from the admin navigation.

const CONCERT = 'Concert Season 2025: Winter Concert'
const shots = process.env.E2E_SHOTS
const buyer = { name: 'Nia Newcomer', email: `nia-${randomUUID().slice(0, 8)}@example.test` }

describe('a real sale on a phone', () => {
  test('listings → event → basket → one checkout → emailed link → order page → the door collects → checked in', async ({
    page,
    openTab,
    otherTab,
    expectAxeClean,
    expectClean,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`${baseUrl}/listings`)
    const card = page.getByRole('article', { name: CONCERT })
    await card.getByRole('link', { name: 'Buy tickets' }).waitFor()
    await card.getByRole('link', { name: 'Find out more' }).click()

    // The event's own page offers the tickets.
    await page.getByRole('heading', { level: 1, name: CONCERT }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/listings/concert-season-2025')
    await expectAxeClean('event page at 375 px')
    await page.getByRole('main').getByRole('link', { name: 'Buy tickets' }).click()
    await page.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/concert-season-2025/ticket-sales')

    // One basket across the types: 2 adults and 1 concession, one email.
    const basket = page.getByRole('region', { name: 'Your basket' })
    await basket.getByLabel('Adult tickets').selectOption('2')
    await basket.getByLabel('Concession tickets').selectOption('1')
    await basket.getByLabel('Email for the tickets').fill(buyer.email)
    await expectAxeClean('ticket shop at 375 px')
    await basket.getByRole('button', { name: 'Continue with 3 tickets' }).click()

    // One checkout: a name per ticket, labelled by its type; pay at the door.
    const checkout = page.getByRole('region', { name: 'Checkout' })
    await checkout.getByRole('timer').waitFor()
    expect(await checkout.textContent()).toContain('2 × Adult, 1 × Concession')
    await checkout.getByLabel('Your name').fill(buyer.name)
    await checkout.getByRole('textbox', { name: 'Adult 1', exact: true }).fill('Nia Newcomer')
    await checkout.getByRole('textbox', { name: 'Adult 2', exact: true }).fill('Omar Newcomer')
    await checkout.getByRole('textbox', { name: 'Concession', exact: true }).fill('Pip Newcomer')
    await checkout.getByLabel('Pay at the door').check()
    await expectAxeClean('checkout at 375 px')
    await checkout.getByRole('button', { name: 'Confirm the 3 tickets' }).click()
    // Signed out: the order waits for the link emailed to the address (issue 26).
    await page.getByText(`We've emailed a link to ${buyer.email}`).waitFor()

    // The buyer taps the link in the email: it opens in a tab of the same phone's browser.
    const link = await waitForEmail({
      to: buyer.email,
      subject: /Confirm your tickets for Concert Season 2025/,
    })
    // Its deadline on the society's clocks, as people write it (no "GMT", no ISO date).
    expect(link.text).toMatch(/, by \w+day \d{1,2} \w+ \d{4} at \d\d:\d\d:/)
    const mail = await openTab()
    await mail.page.setViewportSize({ width: 375, height: 800 })
    await showInMailApp(mail.page, link)
    await mail.page.getByRole('link', { name: /\/tickets\/confirm\// }).click()
    const buyerPage = mail.page
    await buyerPage.getByRole('button', { name: 'Confirm my order' }).click()
    await buyerPage.getByText(`Confirmed: 3 tickets sent to ${buyer.email}`).waitFor()
    await buyerPage.getByRole('link', { name: 'See your order' }).click()

    // The order page: the event, the reference, the three tickets, the money.
    await buyerPage.getByRole('heading', { level: 1, name: 'Your order' }).waitFor()
    const tickets = buyerPage.getByRole('region', { name: 'Tickets' }).getByRole('article')
    await tickets.first().waitFor()
    expect(await tickets.count()).toBe(3)
    expect(await tickets.allTextContents()).toEqual([
      expect.stringContaining('Nia Newcomer · Adult'),
      expect.stringContaining('Omar Newcomer · Adult'),
      expect.stringContaining('Pip Newcomer · Concession'),
    ])
    const money = buyerPage.getByRole('region', { name: 'Payment' })
    const outstanding = /Outstanding(£\d+\.\d\d)/.exec((await money.textContent()) ?? '')![1]!
    expect(outstanding).not.toBe('£0.00')
    expect(
      await buyerPage.getByRole('link', { name: 'Download all tickets (PDF)' }).getAttribute('href'),
    ).toMatch(/^\/api\/tickets\/order\/[\w-]+\.pdf$/)
    const overflow = await buyerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, 'the order page is no wider than 375 px').toBeLessThanOrEqual(0)
    await mail.expectAxeClean('order page at 375 px')
    if (shots) await buyerPage.screenshot({ path: `${shots}/order-page-375.png`, fullPage: true })
    const pip = buyerPage.getByRole('link', { name: 'Open Pip Newcomer’s ticket' })
    const code = decodeURIComponent((await pip.getAttribute('href'))!.replace('/tickets/show/', ''))
    expect(code).toMatch(/^SD1-[\w-]{24}$/)

    // The door (the ticket admin, on their own phone): from their home, the menu's Admin, the
    // concert's Ticket Allocation, then Door check-in; the code, amber "Collect £…", paid, let in.
    const door = otherTab.page
    await otherTab.signedInAs('ticketadmin')
    await door.setViewportSize({ width: 375, height: 800 })
    await door.goto(`${baseUrl}/`)
    await door.getByRole('banner').getByRole('button', { name: 'Open menu' }).click()
    await door.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Admin', exact: true }).click()
    // With no event remembered on this phone, Ticket Allocation asks which one.
    const picker = door.getByRole('main').getByLabel('Ticket event')
    const doorLink = door.getByRole('main').getByRole('link', { name: 'Door check-in' })
    await picker.or(doorLink).first().waitFor()
    if (await picker.isVisible()) {
      const concert = picker.locator('option', { hasText: CONCERT })
      await concert.waitFor({ state: 'attached' })
      await picker.selectOption((await concert.getAttribute('value'))!)
    }
    await door.getByRole('heading', { level: 1, name: 'Ticket Allocation' }).waitFor()
    expect(await door.getByRole('main').textContent()).toContain(CONCERT)
    await doorLink.click()
    await door.getByRole('heading', { level: 1, name: 'Door check-in' }).waitFor()
    expect(new URL(door.url()).pathname).toBe('/admin/concert-season-2025/tickets/check-in')
    await door.getByLabel('Ticket code').fill(code)
    await door.getByRole('button', { name: 'Check in' }).click()
    const collect = door.locator('[data-verdict="COLLECT"]')
    await collect.getByText(/^Collect £\d+\.\d\d$/).waitFor()
    // Amber: the verdict's border is the theme's amber, neither the green of "let in" nor red.
    expect(
      await collect.evaluate((el) => {
        const probe = document.createElement('div')
        probe.style.borderColor = 'var(--color-amber-600)'
        document.body.append(probe)
        const amber = getComputedStyle(probe).borderTopColor
        probe.remove()
        return getComputedStyle(el).borderTopColor === amber && amber !== ''
      }),
      'the collect verdict is amber',
    ).toBe(true)
    const collected = /£\d+\.\d\d/.exec((await collect.getByText(/^Collect £/).textContent()) ?? '')![0]
    await otherTab.expectAxeClean('door asking to collect at 375 px')
    await collect.getByRole('button', { name: 'Paid at the door: cash' }).click()
    await door
      .locator('[data-scan]')
      .getByText(/^Paid £\d+\.\d\d at the door\.$/)
      .waitFor()

    // The buyer's ticket page says when it was let in.
    await pip.click()
    await buyerPage.getByRole('heading', { level: 1, name: 'Your ticket' }).waitFor()
    await buyerPage.getByText(/^Checked in at \d\d:\d\d, \w{3} \d+ \w{3} \d{4}$/).waitFor()
    // Back on the order page: that ticket checked in, what was collected paid, the rest still owed.
    await buyerPage.goBack()
    await buyerPage.getByRole('heading', { level: 1, name: 'Your order' }).waitFor()
    await buyerPage.getByText(/^Checked in at \d\d:\d\d, \w{3} \d+ \w{3} \d{4}$/).waitFor()
    // The order's figures come with the refetch (the ticket's own line may update first, from the cache).
    await money.locator('dd').nth(1).filter({ hasText: collected }).waitFor()
    if (shots) {
      await buyerPage.screenshot({ path: `${shots}/order-page-checked-in-375.png`, fullPage: true })
      await buyerPage.setViewportSize({ width: 1280, height: 800 })
      await buyerPage.screenshot({ path: `${shots}/order-page-1280.png`, fullPage: true })
    }
    await expectClean()
    await mail.expectClean()
  })
})
