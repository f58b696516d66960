import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess, waitForOutput, type ServerProcess } from '#server/testing/processes.ts'
import { launchBrowser, seriousAxeViolations, type BrowserHandle } from '../support/browser.ts'
import { REPO_ROOT } from '../support/server.ts'

// Issue 12's first journey: a fresh production install (NODE_ENV=production, no demo) on a new
// PostgreSQL database. PostgreSQL, not the embedded engine: the console command and the test itself
// reach the database while the server runs, which only one process can do with PGlite.
const PG_ADMIN = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = `stagedoor_people_e2e_${randomBytes(4).toString('hex')}`
const databaseUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`)

let admin: pg.Client
let db: pg.Client
let server: ServerProcess
let dataDir: string
let env: Record<string, string>
const browsers: BrowserHandle[] = []

beforeAll(async () => {
  admin = new pg.Client({ connectionString: PG_ADMIN })
  await admin.connect()
  await admin.query(`create database ${dbName}`)
  dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-people-e2e-'))
  env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(36).toString('base64'),
    DATA_DIR: dataDir,
    JOBS_POLL_MS: '200',
    // No SMTP on this install: mail stays in the outbox, where the test reads the member's link.
    MAIL_DISABLED: 'true',
    LOG_LEVEL: 'warn',
  }
  server = await startServerProcess(env)
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

/** `npm run admin -- grant <role> <email>` against the running server's database; the printed link. */
async function consoleGrant(role: string, email: string): Promise<string> {
  let output = ''
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/modules/people/admin-cli.ts', 'grant', role, email],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env, APP_URL: server.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  expect(code, output).toBe(0)
  expect(output).toContain(`Created the account ${email}; it holds ${role}.`)
  const link = /(http\S+\/login\/magic\S+)/.exec(output)?.[1]
  expect(link, output).toBeTruthy()
  return link!
}

async function newPage(): Promise<Page> {
  const browser = await launchBrowser()
  browsers.push(browser)
  return browser.context.newPage()
}

async function signInByLink(page: Page, link: string) {
  await page.goto(link)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

describe('a fresh production install', () => {
  it('first admin by console; a term granted with an end lapses by the job and leaves the sidebar live', async () => {
    // The log offers the first-run setup while nobody is superAdmin.
    // Logged after listening (health answers first): wait for the line, do not read it at once.
    await waitForOutput(server.output, /No superAdmin yet\. First-run setup/, 30_000)

    const chairLink = await consoleGrant('superAdmin', 'chair@society.test')
    const chair = await newPage()
    await signInByLink(chair, chairLink)
    await chair.waitForURL(`${server.url}/admin`)

    // A member signs up by emailed link (read from the outbox: no SMTP on this install).
    const memberEmail = 'treasurer@society.test'
    const asked = await fetch(`${server.url}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: memberEmail, callbackURL: '/' }),
    })
    expect(asked.status).toBe(200)
    const mail = await db.query<{ text: string }>('select text from outbox where "to" = $1', [memberEmail])
    const memberLink = /(http\S+\/login\/magic\S+)/.exec(mail.rows[0]!.text)![1]!
    const member = await newPage()
    await signInByLink(member, memberLink)
    await member.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    const footerAdmin = member.getByRole('link', { name: 'Admin', exact: true })
    expect(await footerAdmin.count()).toBe(0)

    // The chair grants boardMember until a date: the member's footer gains Admin without a reload.
    await chair.goto(`${server.url}/admin/committee`)
    await chair.getByRole('heading', { level: 1, name: 'Committee' }).waitFor()
    expect(await seriousAxeViolations(chair)).toEqual([])
    await chair.getByLabel("Member's email").fill(memberEmail)
    await chair.getByLabel('Role', { exact: true }).selectOption('boardMember')
    await chair.getByLabel(/Term ends/).fill('2099-06-30T18:00')
    await chair.getByRole('button', { name: 'Grant', exact: true }).click()
    await chair
      .getByRole('list', { name: 'Board member holders' })
      .getByText(memberEmail, { exact: true })
      .waitFor()
    await footerAdmin.waitFor({ timeout: 15_000 })

    // The end passes: the test moves the term's end and its lapse job to a moment ago (the
    // server's clock is the real one), and the job runs.
    const past = new Date(Date.now() - 1000).toISOString()
    const { rows } = await db.query<{ id: string }>('select id from users where email = $1', [memberEmail])
    const userId = rows[0]!.id
    await db.query('update role_terms set ends_at = $1 where user_id = $2', [past, userId])
    await db.query(
      `update jobs set run_at = $1::timestamptz, payload = jsonb_set(payload, '{endsAt}', to_jsonb($3::text))
       where name = 'role.lapse' and payload->>'userId' = $2 and status = 'pending'`,
      [past, userId, past],
    )
    await footerAdmin.waitFor({ state: 'detached', timeout: 15_000 })
    const after = await db.query<{ roles: string[] }>('select roles from users where id = $1', [userId])
    expect(after.rows[0]!.roles).toEqual([])
    const audit = await db.query<{ action: string }>(
      'select action from audit_log where entity_id = $1 order by id',
      [userId],
    )
    expect(audit.rows.map((r) => r.action)).toEqual(['user.role.grant', 'user.role.lapse'])
  }, 180_000)
})
