// The society the crash test writes into (crash-safety.test.ts): made through the app's own code in
// the test process before the server starts, so the server's tokens and rows are the real thing.
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config/env.ts'
import { openDb, pgliteDir, type DbHandle } from '#server/db/client.ts'
import { applications, events } from '#server/db/schema/index.ts'
import { createUser, type TestUser } from './factories.ts'
import { freePort } from './smtp.ts'
import { adminUrl } from './test-db.ts'

export const MEMBERS = 50
export const TYPES_PER_ROUND = 12
export const PAYING_APPLICATIONS = 50
const DAY = 86_400_000

export interface CrashSociety {
  engine: 'pglite' | 'postgres'
  /** The server's environment (its port and APP_URL are fixed so tokens stay valid across restarts). */
  env: Record<string, string>
  members: TestUser[]
  admin: TestUser
  /** The CONFIRMED applications payments are recorded against (line `fee`). */
  payable: string[]
  roundSlug(round: number): string
  /** Open the database in this process (the server must not be running on the embedded engine). */
  open(): Promise<DbHandle>
  /** Remove the data directory and drop the PostgreSQL database. */
  dispose(): Promise<void>
}

const typeConfig = (label: string) => ({ label, open: true, questions: [] })

/** Make the database, the accounts (with tokens), one event per round and the payable applications. */
export async function makeCrashSociety(rounds: number): Promise<CrashSociety> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-crash-'))
  const baseUrl = process.env.DATABASE_URL
  let databaseUrl: string | undefined
  let dbName: string | undefined
  if (baseUrl) {
    dbName = `stagedoor_crash_${process.pid}_${randomBytes(3).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl(baseUrl) })
    await admin.connect()
    await admin.query(`create database "${dbName}"`)
    await admin.end()
    const url = new URL(baseUrl)
    url.pathname = `/${dbName}`
    databaseUrl = url.toString()
  }
  const port = await freePort()
  const appUrl = `http://127.0.0.1:${port}`
  const env: Record<string, string> = {
    PORT: String(port),
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    DEMO_MODE: 'false',
    MAIL_DISABLED: 'true',
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env })
  const app = await buildApp(config, { startJobs: false })
  try {
    const { db } = app.services
    const admin = await createUser(app, { roles: ['sitrMD'] })
    const members: TestUser[] = []
    for (let i = 0; i < MEMBERS; i += 10) {
      const batch = Array.from({ length: Math.min(10, MEMBERS - i) }, (_, j) =>
        createUser(app, { email: `crash-${i + j}@stagedoor.test`, name: `Crash Member ${i + j}` }),
      )
      members.push(...(await Promise.all(batch)))
    }
    const roundSlug = (round: number) => `crash-round-${round}`
    const base = {
      type: 'CONCERT' as const,
      startDate: new Date(Date.now() + 30 * DAY),
      endDate: new Date(Date.now() + 31 * DAY),
      signupDeadline: new Date(Date.now() + 10 * DAY),
      visibility: 'members' as const,
    }
    const applicationTypes = Object.fromEntries(
      Array.from({ length: TYPES_PER_ROUND }, (_, i) => [`part${i}`, typeConfig(`Part ${i}`)]),
    )
    await db.insert(events).values(
      Array.from({ length: rounds }, (_, round) => ({
        ...base,
        slug: roundSlug(round),
        title: `Crash round ${round}`,
        eventConfig: parseEventConfig({ applicationTypes }),
      })),
    )
    const [paying] = await db
      .insert(events)
      .values({
        ...base,
        slug: 'crash-payments',
        title: 'Crash payments',
        eventConfig: parseEventConfig({
          applicationTypes: { fee: typeConfig('Fee') },
          paymentLines: { fee: [{ key: 'fee', label: 'Fee', amountPence: 10_000_000 }] },
        }),
      })
      .returning()
    const payable = await db
      .insert(applications)
      .values(
        members.slice(0, PAYING_APPLICATIONS).map((member, i) => ({
          eventId: paying!.id,
          userId: member.id,
          applicationType: 'fee',
          slug: `crash-fee-${i}`,
          status: 'CONFIRMED' as const,
        })),
      )
      .returning({ id: applications.id })
    return {
      engine: databaseUrl ? 'postgres' : 'pglite',
      env,
      members,
      admin,
      payable: payable.map((row) => row.id),
      roundSlug,
      open: () => openDb(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir: pgliteDir(dataDir) }),
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true })
        if (!baseUrl || !dbName) return
        const admin = new pg.Client({ connectionString: adminUrl(baseUrl) })
        await admin.connect()
        await admin.query(`drop database if exists "${dbName}" with (force)`)
        await admin.end()
      },
    }
  } finally {
    await app.close()
  }
}
