import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess, waitForOutput, type ServerProcess } from '#server/testing/processes.ts'
import { launchBrowser, seriousAxeViolations, type BrowserHandle } from '../support/browser.ts'

// Issue 29's first run: a fresh install (its own database and data directory, nobody society admin)
// says setup is pending on the home, sign-in and /admin pages; a spent setup link says so at once;
// the first admin finishes setup and walks the getting-started checklist until it is finished
// (the first two steps at 1280 px, the rest at 375 px: no sideways scroll, axe clean at both).
// PostgreSQL, not the embedded engine: the test reads the outbox while the server runs.
const PG_ADMIN = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = `stagedoor_first_run_e2e_${randomBytes(4).toString('hex')}`
const databaseUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`)

let admin: pg.Client
let db: pg.Client
let server: ServerProcess
let dataDir: string
const browsers: BrowserHandle[] = []

beforeAll(async () => {
  admin = new pg.Client({ connectionString: PG_ADMIN })
  await admin.connect()
  await admin.query(`create database ${dbName}`)
  dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-first-run-e2e-'))
  server = await startServerProcess({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(36).toString('base64'),
    DATA_DIR: dataDir,
    MAIL_DISABLED: 'true',
    LOG_LEVEL: 'warn',
  })
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
}, 120_000)

afterAll(async () => {
  for (const b of browsers) await b.close()
  await server?.stop()
  await db?.end()
  await admin?.query(`drop database if exists ${dbName} with (force)`)
  await admin?.end()
  rmSync(dataDir, { recursive: true, force: true })
})

async function newPage(width: number): Promise<Page> {
  const browser = await launchBrowser({ viewport: { width, height: 800 } })
  browsers.push(browser)
  return browser.context.newPage()
}

const setupPending = (page: Page) => page.getByRole('heading', { level: 2, name: 'Setup pending' })

/** The done steps as the checklist says them to a screen reader. */
async function doneSteps(page: Page): Promise<string[]> {
  const steps = page.getByRole('list', { name: 'Getting-started steps' }).getByRole('listitem')
  const texts = await steps.allInnerTexts()
  return texts.filter((t) => !/\(to do\)/.test(t)).map((t) => t.split('\n')[0]!.replace(' (done)', ''))
}

async function waitForDone(page: Page, count: number) {
  await page.getByText(`${String(count)} of 5 steps done.`).waitFor({ timeout: 15_000 })
}

describe('a fresh install', () => {
  for (const width of [1280, 375]) {
    it(`says setup is pending on home, sign-in and /admin, and a spent link says so at once (${String(width)} px)`, async () => {
      const page = await newPage(width)
      await page.goto(`${server.url}/`)
      await setupPending(page).waitFor()
      expect(await page.getByText('npm run admin -- grant superAdmin').count()).toBe(1)
      expect(await seriousAxeViolations(page)).toEqual([])

      await page.goto(`${server.url}/login`)
      await setupPending(page).waitFor()
      expect(await seriousAxeViolations(page)).toEqual([])

      // /admin for nobody signed in: the sign-in page, which says so too.
      await page.goto(`${server.url}/admin`)
      await page.waitForURL(/\/login\?redirectTo=%2Fadmin/)
      await setupPending(page).waitFor()

      await page.goto(`${server.url}/setup?token=${randomBytes(24).toString('base64url')}`)
      await page.getByText('This setup link has expired or was already used.').waitFor()
      expect(await page.getByRole('button', { name: 'Become the first society admin' }).count()).toBe(0)
      expect(await page.getByRole('link', { name: 'Sign up or sign in' }).count()).toBe(0)
      expect(await seriousAxeViolations(page)).toEqual([])
      expect(page.viewportSize()?.width).toBe(width)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    }, 120_000)
  }

  it('the first admin finishes setup and walks the checklist until it is finished (1280, then 375 px)', async () => {
    // Logged after listening: wait for the line rather than read the output at once.
    const setupLink = (await waitForOutput(server.output, /open (http\S+\/setup\?token=\S+)/, 30_000))[1]
    expect(setupLink, server.output()).toBeTruthy()
    const email = 'founder@society.test'

    // The founder signs in by emailed link (read from the outbox: no SMTP on this install).
    const asked = await fetch(`${server.url}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, callbackURL: '/' }),
    })
    expect(asked.status).toBe(200)
    const mail = await db.query<{ text: string }>('select text from outbox where "to" = $1', [email])
    const link = /(http\S+\/login\/magic\S+)/.exec(mail.rows[0]!.text)![1]!
    const page = await newPage(1280)
    await page.goto(link)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    await page.goto(setupLink!)
    await page.getByRole('button', { name: 'Become the first society admin' }).click()
    await page.waitForURL(`${server.url}/admin`)
    await page.getByRole('heading', { level: 2, name: 'Getting started' }).waitFor()
    await waitForDone(page, 0)
    expect(await doneSteps(page)).toEqual([])
    expect(await setupPending(page).count()).toBe(0)
    expect(await seriousAxeViolations(page)).toEqual([])

    // The used link now says setup is finished, before any button.
    await page.goto(setupLink!)
    await page.getByText('Setup is finished').waitFor()

    // 1. Settings, through the step's own link.
    await page.goto(`${server.url}/admin`)
    await page.getByRole('link', { name: 'Open society settings' }).click()
    await page.getByLabel('Name', { exact: true }).fill('Riverside Music Society')
    await page.getByLabel('Short name').fill('Riverside')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.getByText('Settings saved.').waitFor()
    await page.goto(`${server.url}/admin`)
    await waitForDone(page, 1)
    expect(await doneSteps(page)).toEqual(['Save the society’s settings'])

    // 2. Committee roles: the founder gives a role on the committee page.
    await page.getByRole('link', { name: 'Open the committee page' }).click()
    await page.getByLabel("Member's email").fill(email)
    await page.getByLabel('Role', { exact: true }).selectOption('boardMember')
    await page.getByRole('button', { name: 'Grant', exact: true }).click()
    await page.getByRole('list', { name: 'Board member holders' }).getByText(email, { exact: true }).waitFor()
    await page.goto(`${server.url}/admin`)
    await waitForDone(page, 2)

    // The rest of the walk on a phone: the same admin, the same install, at 375 px.
    await page.setViewportSize({ width: 375, height: 800 })
    await page.reload()
    await waitForDone(page, 2)
    expect(await doneSteps(page)).toEqual(['Save the society’s settings', 'Give committee roles'])
    // The dashboard's empty panels say what to do, with a link to do it.
    const upcoming = page.getByRole('region', { name: 'Upcoming events' })
    await upcoming.getByText('No upcoming events.').waitFor()
    expect(await upcoming.getByRole('link', { name: 'Create an event' }).getAttribute('href')).toBe(
      '/admin/events/new',
    )
    const needsDoing = page.getByRole('region', { name: 'Needs doing' })
    await needsDoing.getByText('Nothing waiting.').waitFor()
    expect(await needsDoing.getByRole('link', { name: 'Open the events' }).getAttribute('href')).toBe(
      '/admin/events',
    )
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    // 3 and 4. An event and a mailing list, made as the committee would (here straight in the data:
    // their own pages have their own specs).
    await db.query(
      `insert into events (slug, type, title, start_date, end_date, event_config)
       values ('winter-concert', 'CONCERT', 'Winter Concert', now() + interval '30 days',
               now() + interval '30 days 2 hours', $1)`,
      [
        JSON.stringify({
          permissions: {},
          applicationTypes: {},
          paymentLines: {},
          content: { infoPack: {} },
          parts: [],
        }),
      ],
    )
    await page.reload()
    await waitForDone(page, 3)
    await db.query(`insert into mailing_lists (slug, name) values ('news', 'News')`)
    await page.reload()
    await waitForDone(page, 4)
    expect(await doneSteps(page)).toEqual([
      'Save the society’s settings',
      'Create the first event',
      'Give committee roles',
      'Make a mailing list',
    ])

    // 5. The widget cannot tick itself until someone joins through it: "Mark done".
    // Its link opens the sidebar-less widget in a new tab, and says so, so the checklist stays put.
    const widgetLink = page.getByRole('link', { name: 'Open the sign-up widget (opens in a new tab)' })
    expect(await widgetLink.getAttribute('target')).toBe('_blank')
    expect(await widgetLink.getAttribute('href')).toBe('/embed/mailing-lists')
    expect(await page.getByRole('button', { name: 'Put the checklist away' }).count()).toBe(0)
    await page.getByRole('button', { name: /^Mark done/ }).click()
    await page.getByText('Every step is done: the society is ready to go.').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(page.viewportSize()?.width).toBe(375)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.getByRole('button', { name: 'Put the checklist away' }).click()
    await page.getByRole('heading', { level: 2, name: 'Getting started' }).waitFor({ state: 'detached' })
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    await page.getByRole('heading', { level: 2, name: 'Needs doing' }).waitFor()
    expect(await page.getByRole('heading', { level: 2, name: 'Getting started' }).count()).toBe(0)
  }, 180_000)
})
