import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import { embedSnippet } from '#client/features/mailing-lists/frame-height.ts'
import { graphqlAs } from '../support/accounts.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { waitForEmail } from '../support/mail.ts'
import { sessionToken } from '../support/session.ts'

// The signup widget framed by another origin (a page served from a second local port), the double
// opt-in email, an admin's message and its one-click unsubscribe (RFC 8058), against the test SMTP.

const boardMember = demo('boardmember')
const slug = `e2e-${randomUUID().slice(0, 8)}`
const visitor = `visitor-${randomUUID().slice(0, 8)}@example.com`
let host: Server
let hostUrl = ''

beforeAll(async () => {
  const token = await sessionToken(baseUrl, boardMember)
  await graphqlAs(baseUrl, token, {
    operationName: 'Create',
    query: 'mutation Create($input: MailingListInput!) { createMailingList(input: $input) { slug } }',
    variables: { input: { name: 'Friends of the Choir', slug, description: 'Concerts and news, monthly.' } },
  })
  const page = `<!doctype html><html lang="en"><head><title>Our society</title></head><body style="margin:0">
<main><h1>Our society</h1>${embedSnippet(baseUrl, slug)}<p id="after">Footer text</p></main></body></html>`
  host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page))
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  hostUrl = `http://localhost:${String((host.address() as AddressInfo).port)}/`
})
afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())))

test('the framed widget fits its height; subscribe, confirm, receive, one-click unsubscribe', async ({
  page,
  signedInAs,
  expectClean,
}) => {
  await page.goto(hostUrl)
  const iframe = page.locator('iframe')
  const frame = page.frameLocator('iframe')
  await frame.getByRole('heading', { name: 'Join Friends of the Choir' }).waitFor()

  // The parent page sized the iframe to the widget's height (it starts at 420).
  const fits = async () => {
    const outer = await iframe.evaluate((el) => (el as HTMLIFrameElement).clientHeight)
    const inner = await frame.locator('main').evaluate((el) => Math.ceil(el.getBoundingClientRect().height))
    const scroll = await frame.locator('html').evaluate((el) => el.scrollHeight)
    return { outer, inner, scroll }
  }
  await expect.poll(async () => (await fits()).outer).not.toBe(420)
  const sized = await fits()
  expect(Math.abs(sized.outer - sized.inner)).toBeLessThanOrEqual(1)
  expect(sized.scroll).toBeLessThanOrEqual(sized.outer + 1)

  await frame.getByLabel('Email').fill(visitor)
  await frame.getByLabel('Name (optional)').fill('Vic Visitor')
  // A person takes a few seconds over the form; the server refuses one posted within 2 s.
  await page.waitForTimeout(2500)
  await frame.getByRole('button', { name: 'Subscribe' }).click()
  await frame.getByRole('heading', { name: 'Check your inbox' }).waitFor({ timeout: 30_000 })
  // Still fitted after the content changed height.
  await expect
    .poll(async () => {
      const f = await fits()
      return Math.abs(f.outer - f.inner)
    })
    .toBeLessThanOrEqual(1)

  const confirmation = await waitForEmail({ to: visitor, subject: /Confirm your subscription/ })
  const link = /https?:\/\/\S+\/mailing-lists\/confirm\/[\w-]+/.exec(confirmation.text ?? '')![0]
  await page.goto(link)
  await page.getByRole('heading', { level: 1, name: 'You are subscribed' }).waitFor()

  // An admin sends a message from the list's page.
  await signedInAs('boardmember')
  await page.goto(`${baseUrl}/admin/mailing-lists/${slug}`)
  await page.getByRole('heading', { level: 1, name: 'Friends of the Choir' }).waitFor()
  await page.getByLabel('Subject').fill('Spring concert')
  await page.getByLabel('Message (Markdown)').fill('Tickets are **on sale**.')
  await page.getByRole('button', { name: 'Send to the list' }).click()
  await page.getByRole('button', { name: 'Yes, send to 1 subscribers' }).click()

  const message = await waitForEmail({ to: visitor, subject: /Spring concert/ })
  const header = (key: string) => message.headers.find((h) => h.key === key)?.value
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
  const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(header('list-unsubscribe') ?? '')![1]!
  expect(message.text).toContain('/mailing-lists/unsubscribe/')

  // What a mail provider does when the reader presses "Unsubscribe": one POST, no sign-in.
  const unsubscribed = await fetch(oneClick, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  })
  expect(unsubscribed.status).toBe(200)
  const token = await sessionToken(baseUrl, boardMember)
  const after = await graphqlAs<{ mailingListSubscribers: { items: { status: string }[] } }>(baseUrl, token, {
    operationName: 'Who',
    query:
      'query Who($slug: String!, $s: String) { mailingListSubscribers(slug: $slug, search: $s) { items { status } } }',
    variables: { slug, s: visitor },
  })
  expect(after.mailingListSubscribers.items).toEqual([{ status: 'unsubscribed' }])
  await expectClean()
})

test('the widget, a private or unknown list, and the admin pages are accessible', async ({
  page,
  signedInAs,
  expectAccessible,
  expectClean,
}) => {
  await page.goto(`${baseUrl}/embed/mailing-lists`)
  await page.getByRole('heading', { name: /^Join / }).waitFor()
  await expectAccessible('widget, every public list')
  await signedInAs('boardmember')
  await page.goto(`${baseUrl}/admin/mailing-lists`)
  await page.getByRole('link', { name: 'Friends of the Choir' }).waitFor()
  await expectAccessible('mailing lists')
  await page.goto(`${baseUrl}/admin/mailing-lists/${slug}`)
  await page.getByRole('heading', { level: 1, name: 'Friends of the Choir' }).waitFor()
  await expectAccessible('mailing list')

  // A private or unknown list: the not-found page inside the frame.
  await page.goto(`${baseUrl}/embed/mailing-lists/no-such-list`)
  await page.getByRole('heading', { name: 'Mailing list not found' }).waitFor()
  await expectClean([/404 \(Not Found\).*\/api\/mailing-lists\/public\/no-such-list/])
})

test('a board member erases an address from every list for a GDPR request', async ({
  page,
  signedInAs,
  expectAxeClean,
  expectClean,
}) => {
  const token = await sessionToken(baseUrl, boardMember)
  const gone = `forget-me-${Date.now().toString(36)}@example.com`
  await graphqlAs(baseUrl, token, {
    operationName: 'Add',
    query:
      'mutation Add($slug: String!, $email: String!) { addMailingListSubscriber(slug: $slug, email: $email, name: "Fay Forget") { id } }',
    variables: { slug, email: gone },
  })
  await signedInAs('boardmember')
  await page.goto(`${baseUrl}/admin/mailing-lists/${slug}`)
  await page.getByLabel('Search email or name').fill(gone)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('button', { name: `Erase ${gone}` }).click()
  const dialog = page.getByRole('dialog', { name: `Erase ${gone}?` })
  await dialog.waitFor()
  await expectAxeClean('the erase dialog')
  await dialog.getByRole('button', { name: 'Erase everywhere' }).click()
  await page.getByText('No subscribers match.').waitFor()
  const after = await graphqlAs<{ mailingListSubscribers: { total: number } }>(baseUrl, token, {
    operationName: 'Who',
    query:
      'query Who($slug: String!, $s: String) { mailingListSubscribers(slug: $slug, search: $s) { total } }',
    variables: { slug, s: gone },
  })
  expect(after.mailingListSubscribers.total).toBe(0)
  await expectClean()
})
