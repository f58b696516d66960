// `npm run backup`: one archive holding a consistent snapshot of the database and the uploads
// (docs/notes/0024-reliability.md, "Backup and restore").
import { spawn } from 'node:child_process'
import type { Dirent } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { executeRows, type Db, type DbHandle } from '#server/db/client.ts'
import { rm } from 'node:fs/promises'
import { createArchive, type ArchiveWriter } from './archive.ts'
import { addSecrets, type SecretsConfig, type SecretsManifest } from './secrets.ts'

export const BACKUP_FORMAT = 'stagedoor-backup'
export const MANIFEST = 'manifest.json'
export const UPLOADS_PREFIX = 'uploads/'

/** How the database is held in the archive. */
export type DatabaseFormat = 'pglite-datadir' | 'pg_dump' | 'logical'
export const DATABASE_ENTRY: Record<DatabaseFormat, string> = {
  'pglite-datadir': 'database/pglite.tar',
  pg_dump: 'database/pg_dump.sql',
  logical: 'database/tables.jsonl',
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT
  /** 2: the archive carries the secrets kept in DATA_DIR (`secrets`); 1 did not. */
  version: 1 | 2
  createdAt: string
  engine: DbHandle['kind']
  database: DatabaseFormat
  /** Migrations applied to the database backed up. */
  migrations: number
  /** Files under uploads/ in the archive; null when uploads live in an S3 bucket (not included). */
  uploads: number | null
  /** Version 2 on: which secrets are in the archive and which stayed in the environment. */
  secrets?: SecretsManifest
}

export interface BackupOptions {
  handle: DbHandle
  /** `DATA_DIR/uploads`, or null when files are in S3. */
  uploadsDir: string | null
  /** Where AUTH_SECRET and the VAPID keys come from: the files in DATA_DIR go into the archive. */
  secrets: SecretsConfig
  /** The archive to write; must not exist. */
  out: string
  /** Force the engine-neutral export (also what PostgreSQL gets when pg_dump is missing). */
  logical?: boolean
  /** Look pg_dump up on this PATH (tests hide it). */
  path?: string
}

/** Whether a program is on PATH. */
export async function onPath(program: string, searchPath = process.env.PATH ?? ''): Promise<boolean> {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    try {
      if ((await stat(path.join(dir, program))).isFile()) return true
    } catch {
      // not here
    }
  }
  return false
}

export async function appliedMigrations(db: Db): Promise<number> {
  try {
    const [row] = await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )
    return row?.n ?? 0
  } catch {
    return 0
  }
}

/** Run a program, feeding `input`, and collect its output; fails with its error output. */
export function run(
  program: string,
  args: string[],
  options: { input?: Buffer; env?: NodeJS.ProcessEnv } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'], env: options.env ?? process.env })
    const out: Buffer[] = []
    let errors = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out))
      else reject(new Error(`${program} failed (exit ${code}): ${errors.trim()}`))
    })
    child.stdin.end(options.input ?? Buffer.alloc(0))
  })
}

/** The user tables of the public schema (what a logical export holds). */
export async function userTables(db: Db): Promise<string[]> {
  const rows = await executeRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  return rows.map((row) => row.name)
}

/**
 * Every table's rows as JSON, one table per line, read in one repeatable-read, read-only
 * transaction: a snapshot as of one moment however long the export takes.
 */
async function logicalExport(db: Db): Promise<Buffer> {
  const lines: string[] = []
  await db.transaction(
    async (tx) => {
      for (const table of await userTables(tx)) {
        const rows = await executeRows<{ row: string }>(
          tx,
          sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
        )
        lines.push(`{"table":${JSON.stringify(table)},"rows":[${rows.map((r) => r.row).join(',')}]}`)
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  return Buffer.from(lines.join('\n') + '\n')
}

async function databaseSnapshot(options: BackupOptions): Promise<{ format: DatabaseFormat; data: Buffer }> {
  const { handle } = options
  if (options.logical) return { format: 'logical', data: await logicalExport(handle.db) }
  if (handle.kind === 'pglite') {
    const { pglite } = handle
    // Between transactions (PGlite runs one at a time), so the files are those of a committed state.
    const tarball = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('none'))
    return { format: 'pglite-datadir', data: Buffer.from(await tarball.arrayBuffer()) }
  }
  if (await onPath('pg_dump', options.path)) {
    // pg_dump reads in one repeatable-read snapshot of its own.
    const data = await run('pg_dump', ['--no-owner', '--no-privileges', '--dbname', handle.url])
    return { format: 'pg_dump', data }
  }
  return { format: 'logical', data: await logicalExport(handle.db) }
}

/** Files under `dir` (relative paths), skipping half-written uploads in `.tmp`. */
async function* uploadFiles(dir: string, relative = ''): AsyncGenerator<string> {
  let entries: Dirent[]
  try {
    entries = await readdir(path.join(dir, relative), { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name
    if (!relative && entry.name === '.tmp') continue
    if (entry.isDirectory()) yield* uploadFiles(dir, name)
    else if (entry.isFile()) yield name
  }
}

async function addUploads(archive: ArchiveWriter, dir: string): Promise<number> {
  let count = 0
  for await (const name of uploadFiles(dir)) {
    const file = path.join(dir, name)
    let stats
    try {
      stats = await stat(file)
    } catch {
      continue // removed since it was listed (the sweep, a replaced file)
    }
    await archive.addFile(`${UPLOADS_PREFIX}${name}`, file, stats.size, stats.mtime)
    count++
  }
  return count
}

/**
 * Write the archive: database snapshot, the secrets kept in DATA_DIR, the uploads, then the
 * manifest. Files are added after the snapshot; an upload's key never changes once written, so every
 * file the snapshot refers to is there (files uploaded meanwhile come along unreferenced, and the
 * sweep removes them later). The archive file is opened first, so a bad name fails before any work;
 * an archive that fails half-way is removed.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const archive = await createArchive(options.out)
  try {
    const snapshot = await databaseSnapshot(options)
    const migrations = await appliedMigrations(options.handle.db)
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 2,
      createdAt: new Date().toISOString(),
      engine: options.handle.kind,
      database: snapshot.format,
      migrations,
      uploads: null,
    }
    await archive.add(DATABASE_ENTRY[snapshot.format], snapshot.data)
    manifest.secrets = await addSecrets(archive, options.secrets)
    if (options.uploadsDir) manifest.uploads = await addUploads(archive, options.uploadsDir)
    // Last, so an archive cut short has no manifest and restore refuses it.
    await archive.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)))
    await archive.finish()
    return manifest
  } catch (error) {
    await archive.finish().catch(() => undefined)
    await rm(options.out, { force: true })
    throw error
  }
}
