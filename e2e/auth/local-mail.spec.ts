import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe } from 'vitest'
import { sessionEmail } from '../support/auth.ts'
import { expect, test } from '../support/fixtures.ts'
import { freePort, startServer, type RunningServer } from '../support/server.ts'

// A fresh install as a new society runs it: a new data directory and no SMTP_URL. Mail goes to the
// local inbox at /dev/mail, which the "check your email" screen links to.

let server: RunningServer
let dataDir: string
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-e2e-fresh-'))
  // A new society's own install: no demo data, no SMTP_URL.
  server = await startServer({ dataDir, port: await freePort(), env: { DEMO_MODE: 'false' } })
}, 180_000)
afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('a fresh install without SMTP_URL', () => {
  test('sign up, open /dev/mail from the confirmation screen, follow the link: signed in', async ({
    page,
    expectClean,
  }) => {
    const base = server.baseUrl
    const email = `fresh-${randomUUID().slice(0, 8)}@stagedoor.test`
    await page.goto(`${base}/signup`)
    await page.getByLabel('Your name').fill('Fern Fresh')
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('a fresh start 2026')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor()
    expect(await sessionEmail(page, base)).toBeNull()

    await page.getByRole('link', { name: 'local mail inbox' }).click()
    await page.waitForURL(`${base}/dev/mail`)
    await page.getByRole('heading', { level: 1, name: 'Local mail inbox' }).waitFor()
    const message = page.getByRole('article').filter({ hasText: email })
    await expect
      .poll(async () => {
        if ((await message.count()) === 0) await page.reload()
        return message.count()
      })
      .toBe(1)
    await message.getByRole('link').first().click()
    await page.waitForURL((url) => !url.pathname.startsWith('/dev/mail') && !url.pathname.startsWith('/api/'))
    await expect.poll(() => sessionEmail(page, base)).toBe(email)
    await expectClean()
  })
})
