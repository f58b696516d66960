import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import PostalMime, { type Email } from 'postal-mime'
import type { Page } from 'playwright-core'
import { inject } from 'vitest'

export type ReceivedEmail = Email & { envelopeTo: string[]; file: string }

/** Every message received so far, oldest first. */
export async function receivedEmails(dir: string): Promise<ReceivedEmail[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
  const emails: ReceivedEmail[] = []
  for (const file of files) {
    const raw = readFileSync(path.join(dir, file))
    const parsed = await PostalMime.parse(raw)
    const envelope = parsed.headers.find((h) => h.key === 'x-envelope-to')?.value ?? ''
    emails.push(Object.assign(parsed, { envelopeTo: envelope.split(',').filter(Boolean), file }))
  }
  return emails
}

/**
 * Wait until the test SMTP server has received a message to `to` whose subject matches, and return
 * the newest such one.
 */
export async function waitForEmail(
  match: { to: string; subject: RegExp },
  timeoutMs = 20_000,
  mailDir: string = inject('mailDir'),
): Promise<ReceivedEmail> {
  const deadline = Date.now() + timeoutMs
  const to = match.to.toLowerCase()
  for (;;) {
    const found = (await receivedEmails(mailDir))
      .filter((m) => m.envelopeTo.some((a) => a.toLowerCase() === to) && match.subject.test(m.subject ?? ''))
      .at(-1)
    if (found) return found
    if (Date.now() > deadline) {
      throw new Error(
        `No email to ${match.to} with a subject matching ${match.subject} within ${timeoutMs} ms`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * Show a received message in `page` the way a mail app shows it: its subject as the heading and its
 * text with every address a link to tap, so a journey follows an emailed link by clicking it, never
 * by typing (or `goto`) an address.
 */
export async function showInMailApp(page: Page, email: ReceivedEmail): Promise<void> {
  const body = escapeHtml(email.text ?? '').replace(
    /https?:\/\/[^\s<>"]+[^\s<>".,;:)]/g,
    (url) => `<a href="${url}">${url}</a>`,
  )
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Mail</title></head><body><main><h1>${escapeHtml(email.subject ?? '')}</h1><pre style="white-space: pre-wrap">${body}</pre></main></body></html>`,
  )
}
