import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { executeRows, openDb, type Db, type DbHandle } from '#server/db/client.ts'
import { seedDemo } from '#server/demo/demo.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { adminUrl } from '#server/testing/test-db.ts'
import { loadConfig } from '#server/config/env.ts'
import { entryBytes, readArchive } from './archive.ts'
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
        const manifest = await createBackup({
          handle: t.db.handle,
          uploadsDir,
          secrets: t.config,
          out,
          ...options,
        })
        expect(manifest).toMatchObject({ format: 'stagedoor-backup', database: format })
        expect(manifest.uploads).toBeGreaterThan(0)
        expect(await readManifest(out)).toEqual(manifest)

        const target = await freshTarget(label)
        const restoredUploads = path.join(work, `${label}-uploads`)
        const restore = (force = false) =>
          restoreBackup({ file: out, ...target, uploadsDir: restoredUploads, secrets: t.config, force })
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
    await createBackup({
      handle: t.db.handle,
      uploadsDir: path.join(t.dataDir, 'uploads'),
      secrets: t.config,
      out,
    })
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

describe('the secrets the data needs (issue 26, finding 12)', () => {
  it('carries DATA_DIR/auth-secret and vapid-keys.json, and says so in the manifest', async () => {
    const out = path.join(work, 'secrets.tar.gz')
    const manifest = await createBackup({ handle: t.db.handle, uploadsDir: null, secrets: t.config, out })
    expect(manifest.version).toBe(2)
    expect(manifest.secrets).toMatchObject({ authSecret: 'archive', vapidKeys: 'archive' })
    const held = new Map<string, string>()
    for await (const entry of readArchive(out)) {
      if (entry.name.startsWith('secrets/')) held.set(entry.name, (await entryBytes(entry)).toString())
    }
    expect(held.get('secrets/auth-secret')?.trim()).toBe(t.config.authSecret)
    expect(JSON.parse(held.get('secrets/vapid-keys.json')!).publicKey).toBe(t.config.push?.publicKey)
    // The manifest's check names the secret without giving it away.
    expect(JSON.stringify(manifest)).not.toContain(t.config.authSecret)
  })

  it('with AUTH_SECRET from the environment, restores only beside that same secret, naming what is missing', async () => {
    const secret = 'an-environment-secret-of-at-least-32-characters'
    const source = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, AUTH_SECRET: secret })
    const out = path.join(work, 'env-secret.tar.gz')
    const manifest = await createBackup({ handle: t.db.handle, uploadsDir: null, secrets: source, out })
    expect(manifest.secrets?.authSecret).toBe('environment')
    const names: string[] = []
    for await (const entry of readArchive(out)) names.push(entry.name)
    expect(names).not.toContain('secrets/auth-secret')

    const restoreWith = async (env: Record<string, string>) => {
      const dataDir = mkdtempSync(path.join(work, 'env-target-'))
      const target = await freshTarget(`env${names.length}${Object.keys(env).length}${dataDir.slice(-4)}`)
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env })
      return restoreBackup({ file: out, ...target, uploadsDir: null, secrets: config }).then(
        () => ({ refused: null, target }),
        (error: Error) => ({ refused: error, target }),
      )
    }
    const without = await restoreWith({})
    expect(without.refused).toBeInstanceOf(RestoreRefused)
    expect(without.refused?.message).toMatch(
      /made with AUTH_SECRET set in the environment.*Set the same AUTH_SECRET/,
    )
    const other = await restoreWith({ AUTH_SECRET: 'another-secret-of-at-least-32-characters!!' })
    expect(other.refused?.message).toMatch(/AUTH_SECRET here is not the one/)
    // Refused before anything was written.
    if (!onPostgres) expect(existsSync(path.join(other.target.pgliteDir, 'PG_VERSION'))).toBe(false)
    const same = await restoreWith({ AUTH_SECRET: secret })
    expect(same.refused).toBeNull()
  })

  it('refuses to restore beside an AUTH_SECRET other than the archived one', async () => {
    const out = path.join(work, 'archived-secret.tar.gz')
    await createBackup({ handle: t.db.handle, uploadsDir: null, secrets: t.config, out })
    const dataDir = mkdtempSync(path.join(work, 'clash-'))
    const target = await freshTarget('clash')
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'a-different-secret-of-at-least-32-characters',
    })
    await expect(restoreBackup({ file: out, ...target, uploadsDir: null, secrets: config })).rejects.toThrow(
      /unset AUTH_SECRET so the restored auth-secret is used/,
    )
  })
})

describe('a backup that cannot be written (issue 26, finding 13)', () => {
  it('fails with a plain message for an existing file or a missing folder, and leaves no half archive', async () => {
    const existing = path.join(work, 'exists.tar.gz')
    writeFileSync(existing, 'someone else’s file')
    const backup = (out: string) =>
      createBackup({ handle: t.db.handle, uploadsDir: null, secrets: t.config, out })
    await expect(backup(existing)).rejects.toThrow(/already exists: name a new file/)
    expect(readFileSync(existing, 'utf8')).toBe('someone else’s file')
    const nowhere = path.join(work, 'no-such-folder', 'b.tar.gz')
    await expect(backup(nowhere)).rejects.toThrow(/does not exist/)
    expect(existsSync(nowhere)).toBe(false)
  })
})
