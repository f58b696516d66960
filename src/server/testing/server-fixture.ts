// A data directory (and, when DATABASE_URL is set, a PostgreSQL database) holding one member, made
// through the app's own code before the compiled server starts on it: the tests that run the server
// as production does (photo bombs, backup round trips) sign in over HTTP like a browser.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config/env.ts'
import { createUser, TEST_PASSWORD } from './factories.ts'
import { freePort } from './smtp.ts'
import { adminUrl } from './test-db.ts'

export interface ServerData {
  /** The server's environment: DATA_DIR, PORT, APP_URL (and DATABASE_URL on PostgreSQL). */
  env: Record<string, string>
  member: { email: string; password: string; name: string }
  /** Remove the data directory and drop the database. */
  dispose(): Promise<void>
}

/** A new PostgreSQL database next to DATABASE_URL, with a function that drops it. */
export async function scratchDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL
  if (!base) throw new Error('scratchDatabase needs DATABASE_URL')
  const name = `stagedoor_${label}_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl(base) })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl(base) })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    },
  }
}

/** Make the data (migrated, one verified member) for a server to start on. */
export async function makeServerData(
  label: string,
  extraEnv: Record<string, string> = {},
): Promise<ServerData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `stagedoor-${label}-`))
  const database = process.env.DATABASE_URL ? await scratchDatabase(label) : null
  const port = await freePort()
  const env: Record<string, string> = {
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DEMO_MODE: 'false',
    MAIL_DISABLED: 'true',
    LOG_LEVEL: 'warn',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...extraEnv,
  }
  const member = { email: `member-${label}@stagedoor.test`, password: TEST_PASSWORD, name: 'Sam Server' }
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', ...env, LOG_LEVEL: 'silent' }), {
    startJobs: false,
  })
  try {
    await createUser(app, { email: member.email, name: member.name, password: member.password })
  } finally {
    await app.close()
  }
  return {
    env,
    member,
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true })
      await database?.drop()
    },
  }
}

/** Sign in over HTTP as a browser does and trade the session for an access token (null if refused). */
export async function signInOverHttp(
  url: string,
  member: { email: string; password: string },
): Promise<{ status: number; token: string | null }> {
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: member.email, password: member.password }),
  })
  if (signIn.status !== 200) return { status: signIn.status, token: null }
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const res = await fetch(`${url}/api/auth/token`, { headers: { cookie } })
  const body = (await res.json().catch(() => null)) as { token?: string } | null
  return { status: res.status, token: body?.token ?? null }
}

/** The resident memory of a process, in bytes (Linux: /proc/<pid>/status). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
  if (!kib) throw new Error(`no VmRSS for process ${pid}`)
  return Number(kib) * 1024
}

/**
 * Ask `url`/api/health over and over until `done` settles; the slowest answer, in ms. Each answer
 * must be 200: the bomb tests' measure of "the server kept answering".
 */
export async function slowestHealth(url: string, done: Promise<unknown>): Promise<number> {
  let finished = false
  void done.finally(() => (finished = true))
  let slowest = 0
  do {
    const start = performance.now()
    const res = await fetch(`${url}/api/health`)
    if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`)
    await res.text()
    slowest = Math.max(slowest, performance.now() - start)
  } while (!finished)
  return slowest
}
