import type { Page } from 'playwright-core'
import { accessToken, graphqlAs, type TestAccount } from './accounts.ts'

/** Fill the sign-in form the way a member would, and send it. */
export async function signInWithForm(
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Sign in to Stagedoor' }).waitFor()
  await page.getByLabel('Email address').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** A marker that survives client-side navigation but not a page load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)
}

/** The server's view of the page's cookie: the signed-in user's email, or null. */
export async function sessionEmail(page: Page, baseUrl: string): Promise<string | null> {
  const response = await page.context().request.get(`${baseUrl}/api/auth/get-session`)
  const body = (await response.json()) as { user?: { email?: string } } | null
  return body?.user?.email ?? null
}

interface OutboxMessage {
  id: string
  to: string
  template: string | null
  subject: string
  text: string
}

const OutboxQuery = `
  query Outbox {
    outbox(limit: 50) { id to template subject text }
  }
`

/**
 * The newest email of a kind to an address, read from the outbox as a superAdmin (the e2e server
 * has no SMTP: mail waits there). Waits for it to be written; `skip` ignores messages already seen.
 */
export async function waitForMail(
  baseUrl: string,
  reader: TestAccount,
  to: string,
  template: string,
  skip: string[] = [],
): Promise<OutboxMessage> {
  const token = await accessToken(baseUrl, reader)
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const { outbox } = await graphqlAs<{ outbox: OutboxMessage[] }>(baseUrl, token, {
      operationName: 'Outbox',
      query: OutboxQuery,
    })
    const found = outbox.find((m) => m.to === to && m.template === template && !skip.includes(m.id))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(`No ${template} email to ${to} within 10 s`)
}

/** The first link in an email's text. */
export function linkIn(text: string): URL {
  const match = /(https?:\/\/\S+)/.exec(text)
  if (!match?.[1]) throw new Error(`No link in: ${text}`)
  return new URL(match[1])
}
