import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe } from 'vitest'
import { startStripeStandIn, type StripeStandIn } from '../../src/server/testing/stripe-stand-in.ts'
import { pdfText } from '../../src/server/testing/pdf-text.ts'
import { accessToken, graphqlAs } from '../support/accounts.ts'
import { signInWithForm } from '../support/auth.ts'
import { expect, test } from '../support/fixtures.ts'
import { waitForEmail } from '../support/mail.ts'
import { startMailCatcher, type MailCatcher } from '../support/mail-server.ts'
import { freePort, REPO_ROOT, startServer, type RunningServer } from '../support/server.ts'

// Card payments (issue 28, decision 0047) with test keys: the server's Stripe SDK talks to a
// Stripe-shaped stand-in (STRIPE_API_BASE), whose hosted-page stand-in posts the signed
// checkout.session.completed webhook back to the server and redirects to the return page.
// Ticket orders by card (decision 0054) go the same way, back to the order's own page.

const SHOTS = path.join(REPO_ROOT, 'test-results/card-payments')
const DEMO_PASSWORD = 'stagedoor-demo'
const member = { email: 'member1@stagedoor.test', password: DEMO_PASSWORD, name: 'member1' }
const staff = { email: 'superadmin@stagedoor.test', password: DEMO_PASSWORD, name: 'superadmin' }

let server: RunningServer
let stripe: StripeStandIn
let mail: MailCatcher
let dataDir: string
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-e2e-cards-'))
  stripe = await startStripeStandIn()
  mail = await startMailCatcher(path.join(dataDir, 'mail'))
  server = await startServer({
    dataDir,
    port: await freePort(),
    smtpUrl: mail.url,
    env: {
      ...stripe.env,
    },
  })
  stripe.webhookUrl = `${server.baseUrl}/api/payments/stripe/webhook`
}, 180_000)
afterAll(async () => {
  await server?.stop()
  await stripe?.close()
  await mail?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('paying what a member owes by card', () => {
  test('Pay by card → the hosted page → back: paid; a replayed webhook changes nothing; a staff refund shows', async ({
    page,
    expectClean,
  }) => {
    const base = server.baseUrl
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`${base}/applications`)
    await signInWithForm(page, member)
    await page.getByRole('heading', { level: 1, name: 'My applications' }).waitFor()
    const payButtons = page.getByRole('button', { name: /^Pay by card/ })
    await payButtons.first().waitFor()
    const before = await payButtons.count()
    await page.screenshot({ path: path.join(SHOTS, 'owed-375.png'), fullPage: true })
    const label = (await payButtons.first().getAttribute('aria-label'))!.replace('Pay by card: ', '')

    await payButtons.first().click()
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/`))
    await page.getByRole('heading', { level: 1, name: /^Pay £/ }).waitFor()
    await page.screenshot({ path: path.join(SHOTS, 'hosted-page-375.png') })
    await page.getByRole('button', { name: 'Pay', exact: true }).click()

    await page.waitForURL((url) => url.pathname === '/applications/card-payment')
    await page.getByRole('heading', { level: 1, name: 'Paid' }).waitFor()
    await page.getByText(/your card payment of £[\d.]+ is confirmed/).waitFor()
    await page.screenshot({ path: path.join(SHOTS, 'paid-375.png'), fullPage: true })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.screenshot({ path: path.join(SHOTS, 'paid-1280.png'), fullPage: true })

    // The ledger: the line is paid and offers no card payment any more.
    await page.getByRole('link', { name: 'My applications' }).click()
    await page.getByRole('heading', { level: 1, name: 'My applications' }).waitFor()
    // The line now reads "Paid £…" (the list has loaded), and offers no card payment.
    const line = page.getByRole('listitem').filter({ hasText: label })
    await line
      .filter({ hasText: /Paid £/ })
      .first()
      .waitFor()
    await expect.poll(() => page.getByRole('button', { name: `Pay by card: ${label}` }).count()).toBe(0)
    await expect.poll(() => payButtons.count()).toBe(before - 1)
    await page.screenshot({ path: path.join(SHOTS, 'after-1280.png'), fullPage: true })

    // The same webhook again: acknowledged, nothing more recorded.
    const [event] = stripe.delivered
    const replay = await fetch(stripe.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event!.signature },
      body: event!.payload,
    })
    expect(replay.status).toBe(200)
    expect(await replay.json()).toEqual({ received: true, outcome: 'already' })

    // Staff refund the card payment: Stripe refunds it and the member's ledger owes the line again.
    const session = [...stripe.sessions.values()].find((s) => s.payment_status === 'paid')!
    const token = await accessToken(base, staff)
    const { acceptanceApplication } = await graphqlAs<{
      acceptanceApplication: {
        payments: { id: string; method: string; amountPence: number; reference: string }[]
      }
    }>(base, token, {
      operationName: 'Ledger',
      query:
        'query Ledger($id: ID!) { acceptanceApplication(id: $id) { payments { id method amountPence reference } } }',
      variables: { id: session.metadata.application_id },
    })
    const card = acceptanceApplication.payments.find((p) => p.method === 'CARD_ONLINE')!
    expect(card.reference).toBe(session.payment_intent)
    await graphqlAs(base, token, {
      operationName: 'Refund',
      query:
        'mutation Refund($id: ID!, $amount: Int!) { refundCardPayment(paymentId: $id, amountPence: $amount) { id } }',
      variables: { id: card.id, amount: card.amountPence },
    })
    expect(stripe.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
      [session.payment_intent, card.amountPence],
    ])
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'My applications' }).waitFor()
    await page.getByRole('button', { name: `Pay by card: ${label}` }).waitFor()
    await expect.poll(() => payButtons.count()).toBe(before)
    await expectClean()
  })

  test('a member downloads the receipt of a line paid by card (issue 28, decision 0052)', async ({
    page,
    expectClean,
    expectAxeClean,
  }) => {
    const base = server.baseUrl
    await page.goto(`${base}/applications`)
    await signInWithForm(page, member)
    await page.getByRole('heading', { level: 1, name: 'My applications' }).waitFor()
    const pay = page.getByRole('button', { name: /^Pay by card/ }).first()
    const label = (await pay.getAttribute('aria-label'))!.replace('Pay by card: ', '')
    await pay.click()
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/`))
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Paid' }).waitFor()
    await page.getByRole('link', { name: 'My applications' }).click()
    const receipt = page.getByRole('button', { name: `Receipt (PDF): ${label}` })
    await receipt.waitFor()
    await expectAxeClean('my applications with a receipt')
    const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()])
    expect(download.suggestedFilename()).toMatch(/^receipt-R-A[0-9A-F]{8}-[A-Z0-9]+\.pdf$/)
    const text = await pdfText(readFileSync((await download.path())!))
    expect(text).toContain('Receipt')
    expect(text).toContain(label.replace(/[‘’]/g, "'"))
    expect(text).toContain('Payment, Card (online)')
    await page.screenshot({ path: path.join(SHOTS, 'receipt-button-1280.png'), fullPage: true })
    await expectClean()
  })

  test('the treasurer downloads the card payouts with Stripe’s fees, refunds negative', async ({
    page,
    expectClean,
    expectAccessible,
  }) => {
    const base = server.baseUrl
    await page.goto(`${base}/admin/money`)
    await signInWithForm(page, staff)
    await page.getByRole('heading', { level: 1, name: 'Money' }).waitFor()
    await page.getByRole('table').first().waitFor()
    await page.getByRole('rowheader', { name: 'Card (online)' }).waitFor()
    await expectAccessible('money page')
    await page.screenshot({ path: path.join(SHOTS, 'money-1280.png'), fullPage: true })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download card payouts (CSV)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^card-payouts-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)
    const [header, ...rows] = parse(readFileSync((await download.path())!, 'utf8')) as string[][]
    expect(header).toEqual([
      'Date',
      'Kind',
      'What for',
      'Event',
      'Stripe reference',
      'Gross (£)',
      'Fee (£)',
      'Net (£)',
    ])
    const paid = [...stripe.sessions.values()].filter((x) => x.payment_status === 'paid')
    expect(paid).toHaveLength(2)
    for (const session of paid) {
      const row = rows.find((r) => r[1] === 'Payment' && r[4] === session.payment_intent)!
      expect(row, session.id).toBeDefined()
      const pence = session.amount_total
      const fee = Math.round(pence * 0.015) + 20
      expect(row.slice(5)).toEqual([
        (pence / 100).toFixed(2),
        (fee / 100).toFixed(2),
        ((pence - fee) / 100).toFixed(2),
      ])
    }
    // The first test's refund: negative, no fee.
    const refund = stripe.refunds[0]!
    const refundRow = rows.find((r) => r[4] === refund.id)
    expect(refundRow && [refundRow[1], ...refundRow.slice(5)]).toEqual([
      'Refund',
      `-${(refund.amount / 100).toFixed(2)}`,
      '0.00',
      `-${(refund.amount / 100).toFixed(2)}`,
    ])
    await expectClean()
  })
})

describe('paying for tickets by card', () => {
  test('basket → Pay by card → the hosted page → back: the order page says Paid, the tickets are emailed; a staff refund shows in the order’s ledger', async ({
    page,
    expectAccessible,
    expectClean,
  }) => {
    const base = server.baseUrl
    const buyer = { name: 'Cara Card', email: `cara-${Date.now().toString(36)}@example.test` }
    await page.setViewportSize({ width: 375, height: 800 })
    // Signed out: a card payment confirms the order without the emailed link (decision 0054).
    await page.goto(`${base}/concert-season-2025/ticket-sales`)
    const basket = page.getByRole('region', { name: 'Your basket' })
    await basket.waitFor()
    await basket.getByLabel('Adult tickets').selectOption('2')
    await basket.getByLabel('Email for the tickets').fill(buyer.email)
    await basket.getByRole('button', { name: 'Continue with 2 tickets' }).click()
    const checkout = page.getByRole('region', { name: 'Checkout' })
    await checkout.getByRole('timer').waitFor()
    await checkout.getByLabel('Your name').fill(buyer.name)
    await checkout.getByLabel('Pay by card now').check()
    await checkout.getByText('on Stripe’s secure card page').waitFor()
    await expectAccessible('ticket checkout, pay by card')
    const pay = checkout.getByRole('button', { name: /^Pay £[\d.]+ by card$/ })
    const amount = /£[\d.]+/.exec((await pay.textContent()) ?? '')![0]
    await pay.click()

    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/`))
    await page.getByRole('heading', { level: 1, name: `Pay ${amount}` }).waitFor()
    await page.screenshot({ path: path.join(SHOTS, 'ticket-hosted-page-375.png') })
    await page.getByRole('button', { name: 'Pay', exact: true }).click()

    await page.waitForURL((url) => url.pathname.startsWith('/tickets/order/'))
    await page.getByRole('status').getByText('Paid', { exact: true }).waitFor()
    await page
      .getByText(`${amount} paid by card. Your tickets have been emailed to ${buyer.email}.`)
      .waitFor()
    await page
      .getByRole('article', { name: `Adult ticket for ${buyer.name}` })
      .first()
      .waitFor()
    await page.screenshot({ path: path.join(SHOTS, 'ticket-order-paid-375.png'), fullPage: true })
    await expectAccessible('ticket order paid by card')
    const tickets = await waitForEmail(
      { to: buyer.email, subject: /Your tickets for Concert Season 2025/ },
      20_000,
      mail.dir,
    )
    expect(tickets.text).toContain(`Paid by card: ${amount}.`)
    expect(tickets.text).toMatch(/ticket code SD1-[A-Za-z0-9_-]{24}/)

    // Staff refund the whole order to the card and cancel it: the order's ledger shows the refund.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${base}/admin/concert-season-2025/tickets/allocation`)
    await signInWithForm(page, staff)
    await page.getByRole('heading', { level: 1, name: 'Ticket Allocation' }).waitFor({ timeout: 20_000 })
    await page
      .getByRole('button', { name: new RegExp(`^Refund to card: order \\S+ by ${buyer.name}$`) })
      .click()
    const dialog = page.getByRole('dialog', { name: /^Refund order \S+ to the card$/ })
    expect(await dialog.getByLabel('Amount to refund').inputValue()).toBe(
      amount.slice(1).replace(/\.00$/, ''),
    )
    await expectAccessible('refund a ticket order to the card')
    await dialog.getByRole('button', { name: 'Refund to card' }).click()
    await page.getByText(`${amount} refunded to the card for order`).waitFor()
    const ledger = page.getByRole('list', { name: /^Payments on order / }).filter({ hasText: 'refund' })
    await ledger.getByText(`-${amount}`).waitFor()
    await page.screenshot({ path: path.join(SHOTS, 'ticket-refunded-1280.png'), fullPage: true })
    const session = [...stripe.sessions.values()].findLast((s) => s.metadata.purpose === 'TICKET_ORDER')!
    expect(
      stripe.refunds.filter((r) => r.payment_intent === session.payment_intent).map((r) => r.amount),
    ).toEqual([session.amount_total])
    const refund = await waitForEmail({ to: buyer.email, subject: /^Refund of £/ }, 20_000, mail.dir)
    expect(refund.text).toContain('The order is cancelled: its tickets no longer work.')
    await expectClean()
  })
})
