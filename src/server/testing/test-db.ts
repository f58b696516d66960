import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { openDb, type DbHandle } from '#server/db/client.ts'

export const TEMPLATE_FILE = path.resolve('.test-data/template-pglite.tar')
export const TEMPLATE_ENV = 'STAGEDOOR_TEST_TEMPLATE_DB'

/** The maintenance database URL next to `url` (to create and drop databases). */
export function adminUrl(url: string): string {
  const u = new URL(url)
  u.pathname = '/postgres'
  return u.toString()
}

export interface TestDb {
  handle: DbHandle
  /** Set when on PostgreSQL: the URL of this test file's own database. */
  url?: string
  drop(): Promise<void>
}

/**
 * A fresh, migrated database for one test file: a clone of the template made by global-setup.
 * Embedded PGlite by default; a new PostgreSQL database when DATABASE_URL is set.
 */
export async function createTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const handle = await openDb({ loadDataDir: new Blob([readFileSync(TEMPLATE_FILE)]) })
    return { handle, drop: () => handle.close() }
  }
  const template = process.env[TEMPLATE_ENV]
  if (!template) throw new Error(`${TEMPLATE_ENV} is not set: is global-setup configured?`)
  const name = `${template.replace(/_tpl_\d+$/, '')}_t${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl(url) })
  await admin.connect()
  await admin.query(`create database "${name}" template "${template}"`)
  await admin.end()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const handle = await openDb({ databaseUrl: dbUrl.toString(), poolSize: 5 })
  return {
    handle,
    url: dbUrl.toString(),
    async drop() {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: adminUrl(url) })
      await cleanup.connect()
      await cleanup.query(`drop database if exists "${name}"`)
      await cleanup.end()
    },
  }
}

/** Run `fn` and count the SQL statements it sends to the database. */
export async function countQueries<T>(
  handle: DbHandle,
  fn: () => Promise<T>,
): Promise<{ result: T; count: number }> {
  // Every statement goes through the engine's `query` (PGlite's or the pool's); it is wrapped for the
  // call through Reflect, the two engines' overloaded signatures having no common type.
  const target: object = handle.kind === 'pglite' ? handle.pglite : handle.pool
  const original: unknown = Reflect.get(target, 'query')
  if (typeof original !== 'function') throw new Error(`${handle.kind} has no query method to count`)
  let count = 0
  Reflect.set(target, 'query', function (this: unknown, ...args: unknown[]): unknown {
    count++
    return Reflect.apply(original, this, args)
  })
  try {
    const result = await fn()
    return { result, count }
  } finally {
    Reflect.set(target, 'query', original)
  }
}
