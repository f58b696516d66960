// A fresh PostgreSQL database for one bench case, dropped after, with a data directory of its own
// (uploads, backups): what hot-path and admin-scale run on beside the embedded database.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

/** The PostgreSQL server the benches make their databases on (BENCH_POSTGRES_URL). */
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * Run `work` with the server environment of a new database named `name` (DATABASE_URL and a fresh
 * DATA_DIR); without a reachable server, record `skipped` under `label` instead.
 */
export async function onFreshPostgres(
  record: (name: string, value: string) => void,
  label: string,
  name: string,
  work: (env: { DATA_DIR: string; DATABASE_URL: string }) => Promise<void>,
): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  try {
    await admin.connect()
  } catch {
    record(label, `skipped: no PostgreSQL at ${POSTGRES_ADMIN_URL}`)
    return
  }
  const database = `${name}_${process.pid}`
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name.replaceAll('_', '-')}-`))
  try {
    await admin.query(`create database ${database}`)
    const url = new URL(POSTGRES_ADMIN_URL)
    url.pathname = `/${database}`
    await work({ DATA_DIR: dataDir, DATABASE_URL: url.toString() })
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
