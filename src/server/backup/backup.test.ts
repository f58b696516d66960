import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { executeRows, openDb, type Db, type DbHandle } from '#server/db/client.ts'
import { seedDemo } from '#server/demo/demo.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { adminUrl } from '#server/testing/test-db.ts'
import { readArchive } from './archive.ts'
import { createBackup, userTables } from './backup.ts'
import { readManifest, restoreBackup, RestoreRefused } from './restore.ts'

const onPostgres = Boolean(process.env.DATABASE_URL)
let t: TestApp
let work: string
const databases: string[] = []

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  await seedDemo(t.app.services)
  work = mkdtempSync(path.join(tmpdir(), 'stagedoor-backup-'))
})
afterAll(async () => {
  await t.close()
  rmSync(work, { recursive: true, force: true })
  if (!databases.length) return
  const admin = new pg.Client({ connectionString: adminUrl(process.env.DATABASE_URL!) })
  await admin.connect()
  for (const name of databases) await admin.query(`drop database if exists "${name}" with (force)`)
  await admin.end()
})

/** Every row of every table (and the record of migrations), as sorted JSON text. */
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {}
  const tables = [...(await userTables(db)).map((name) => `public.${name}`), 'drizzle.__drizzle_migrations']
  for (const table of tables) {
    const [schema, name] = table.split('.') as [string, string]
    const rows = await executeRows<{ row: string }>(
      db,
      sql`select row_to_json(t)::text as row from ${sql.identifier(schema)}.${sql.identifier(name)} t order by 1`,
    )
    all[table] = rows.map((r) => r.row)
  }
  return all
}

/** Relative path → SHA-256 of every file under `dir`. */
function files(dir: string): Record<string, string> {
  const found: Record<string, string> = {}
  const walk = (relative: string) => {
    for (const name of readdirSync(path.join(dir, relative))) {
      const rel = relative ? `${relative}/${name}` : name
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel)
      else
        found[rel] = createHash('sha256')
          .update(readFileSync(path.join(dir, rel)))
          .digest('hex')
    }
  }
  walk('')
  return found
}

/** A fresh target: a new PostgreSQL database, or an embedded data directory not yet made. */
async function freshTarget(
  label: string,
): Promise<{ databaseUrl?: string; pgliteDir: string; open(): Promise<DbHandle> }> {
  const pgliteDir = path.join(work, `${label}-pglite`)
  if (!onPostgres) return { pgliteDir, open: () => openDb({ dataDir: pgliteDir }) }
  const name = `stagedoor_restore_${process.pid}_${label}`
  databases.push(name)
  const admin = new pg.Client({ connectionString: adminUrl(process.env.DATABASE_URL!) })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(process.env.DATABASE_URL!)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  return { databaseUrl, pgliteDir, open: () => openDb({ databaseUrl, poolSize: 2 }) }
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'embedded'})`, () => {
  const cases = onPostgres
    ? [
        { label: 'native', options: {}, format: 'pg_dump' },
        // pg_dump missing from PATH: the export made in one repeatable-read transaction.
        { label: 'nopgdump', options: { path: '/nonexistent' }, format: 'logical' },
      ]
    : [
        { label: 'native', options: {}, format: 'pglite-datadir' },
        { label: 'logical', options: { logical: true }, format: 'logical' },
      ]

  for (const { label, options, format } of cases) {
    it(
      `round-trips the demo society row for row, with its uploads (${format})`,
      { timeout: 120_000 },
      async () => {
        const uploadsDir = path.join(t.dataDir, 'uploads')
        const out = path.join(work, `${label}.tar.gz`)
        const manifest = await createBackup({ handle: t.db.handle, uploadsDir, out, ...options })
        expect(manifest).toMatchObject({ format: 'stagedoor-backup', database: format })
        expect(manifest.uploads).toBeGreaterThan(0)
        expect(await readManifest(out)).toEqual(manifest)

        const target = await freshTarget(label)
        const restoredUploads = path.join(work, `${label}-uploads`)
        const restore = (force = false) =>
          restoreBackup({ file: out, ...target, uploadsDir: restoredUploads, force })
        await restore()

        const source = await everyRow(t.app.services.db)
        expect(Object.keys(source).length).toBeGreaterThan(20)
        expect(source['public.users']!.length).toBeGreaterThan(50)
        const handle = await target.open()
        try {
          const restored = await everyRow(handle.db)
          for (const table of Object.keys(source)) expect(restored[table], table).toEqual(source[table])
          expect(Object.keys(restored).sort()).toEqual(Object.keys(source).sort())
        } finally {
          await handle.close()
        }
        expect(files(restoredUploads)).toEqual(files(uploadsDir))

        // The target now holds data: refused without --force, replaced with it.
        await expect(restore()).rejects.toThrow(RestoreRefused)
        await restore(true)
      },
    )
  }

  it('refuses an archive cut short, and names no file outside the uploads folder', async () => {
    const out = path.join(work, 'whole.tar.gz')
    await createBackup({ handle: t.db.handle, uploadsDir: path.join(t.dataDir, 'uploads'), out })
    const names: string[] = []
    for await (const entry of readArchive(out)) names.push(entry.name)
    expect(names.at(-1)).toBe('manifest.json')
    expect(names.every((name) => !name.includes('..') && !name.startsWith('/'))).toBe(true)
    expect(names.some((name) => name.startsWith('uploads/.tmp'))).toBe(false)

    const cut = path.join(work, 'cut.tar.gz')
    const bytes = readFileSync(out)
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)))
    await expect(readManifest(cut)).rejects.toThrow()
  })
})
