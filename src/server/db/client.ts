import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type pg from 'pg'
import { Worker } from 'node:worker_threads'
import { ROOT } from '#server/paths.ts'
import { forgetFlushed, openDurablePglite } from './durable-fs.ts'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
/** The Drizzle database, whichever engine is under it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

/**
 * A transaction: what `withTx` hands its callback. A function that must run inside one (it locks
 * rows, or its writes must commit with the caller's) takes `Tx`; a plain `Db` is not one.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export const MIGRATIONS_DIR = path.join(ROOT, 'src/server/db/migrations')

/** Where the data lives and how to reach it raw (LISTEN/NOTIFY, template cloning, shutdown). */
export type DbHandle =
  | { kind: 'pglite'; db: Db; pglite: PGlite; durableCommits: boolean; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; url: string; close(): Promise<void> }

export interface OpenDbOptions {
  databaseUrl?: string | undefined
  /** PGlite data directory; `memory://` for a throwaway database. */
  dataDir?: string
  /** A dumped PGlite data directory (tarball) to start from: how tests clone a migrated template. */
  loadDataDir?: Blob
  poolSize?: number
  /** Embedded data directory only: flush each commit to the disk before it returns (decision 0026). */
  durableCommits?: boolean
}

/**
 * The embedded engine's buffer cache: 32 MB instead of PostgreSQL's 128 MB. PGlite's shared memory
 * is ordinary WebAssembly memory that it fills at start, so the whole cache stays resident for the
 * life of the process; pages beyond it are read from the operating system's file cache (decision
 * 0027, "Memory and start").
 */
export const EMBEDDED_START_PARAMS = ['-c', 'shared_buffers=32MB']

/**
 * PostgreSQL's driver and Drizzle's adapter for it, loaded only when a DATABASE_URL is given: a start
 * on the embedded database no longer evaluates them (decision 0027, "Embedded restart, fourth pass").
 */
async function postgresDriver() {
  const [{ default: pgModule }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ])
  return { Pool: pgModule.Pool, drizzle, migrate }
}

export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const { Pool, drizzle: drizzlePg } = await postgresDriver()
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 })
    // NOTE: an idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {})
    const db: Db = drizzlePg(pool, { schema, casing: 'snake_case' })
    return { kind: 'postgres', db, pool, url: options.databaseUrl, close: () => pool.end() }
  }
  const dataDir = options.dataDir ?? 'memory://'
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const durableCommits = Boolean(options.durableCommits) && !dataDir.startsWith('memory://')
  if (!durableCommits && !dataDir.startsWith('memory://')) forgetFlushed(dataDir)
  const open = () =>
    durableCommits
      ? openDurablePglite(dataDir, EMBEDDED_START_PARAMS)
      : PGlite.create(dataDir, {
          startParams: [...PGlite.defaultStartParams, ...EMBEDDED_START_PARAMS],
          ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
        })
  // NOTE: a first start on an empty directory runs initdb, and PGlite keeps the memory of the
  // instances that did it (about 430 MiB) for as long as the process lives, even once they are
  // closed. initdb therefore runs in a worker thread, whose memory goes with it; the open below finds
  // the directory initialised and reads it as a restart would (decision 0027, "Memory and start").
  if (
    !dataDir.startsWith('memory://') &&
    !options.loadDataDir &&
    !existsSync(path.join(dataDir, 'PG_VERSION'))
  )
    await initialiseInWorker(dataDir)
  const pglite = await open()
  const db: Db = drizzlePglite(pglite, { schema, casing: 'snake_case' })
  return { kind: 'pglite', db, pglite, durableCommits, close: () => pglite.close() }
}

const INITDB_WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
const { PGlite } = require(workerData.pglite)
PGlite.create(workerData.dataDir, { startParams: workerData.startParams })
  .then((db) => db.close())
  .then(() => parentPort.postMessage('done'))
`

/**
 * Run PGlite's initdb on an empty data directory in a worker thread and close it there. The first
 * durable open after it flushes the whole tree (durable-fs.ts), as it did when initdb ran in place.
 */
async function initialiseInWorker(dataDir: string): Promise<void> {
  const worker = new Worker(INITDB_WORKER, {
    eval: true,
    workerData: {
      pglite: createRequire(import.meta.url).resolve('@electric-sql/pglite'),
      dataDir,
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_START_PARAMS],
    },
  })
  await new Promise<void>((resolve, reject) => {
    let done = false
    worker.once('message', () => (done = true))
    worker.once('error', reject)
    worker.once('exit', (code) =>
      done ? resolve() : reject(new Error(`initdb of the embedded database stopped (exit code ${code})`)),
    )
  })
}

/** The embedded database's directory under DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite')
}

/** Advisory lock keys: one per start-up task that several processes must not run at once. */
export const LOCKS = { migrate: 727274, seed: 727275 } as const

/**
 * Run `fn` while holding a PostgreSQL advisory lock, so concurrent start-ups of several processes
 * take turns. The embedded database has one process by construction and needs no lock.
 */
export async function withStartupLock<T>(handle: DbHandle, key: number, fn: () => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') return fn()
  const client = await handle.pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [key])
    try {
      return await fn()
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key])
    }
  } finally {
    client.release()
  }
}

/** Apply the committed migrations (on PostgreSQL under the migrate lock). */
export async function migrateDb(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite(handle.pglite), { migrationsFolder: MIGRATIONS_DIR })
    return
  }
  const { drizzle: drizzlePg, migrate: migratePg } = await postgresDriver()
  await withStartupLock(handle, LOCKS.migrate, () =>
    migratePg(drizzlePg(handle.pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
  )
}

export async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}

/**
 * The rows of a raw statement. Both drivers answer `{ rows }`; Drizzle's engine-neutral type does not
 * say so, hence this one typed reading instead of a cast at every call.
 */
export async function executeRows<T extends Record<string, unknown>>(executor: Db, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as { rows?: T[] }
  return result.rows ?? []
}
