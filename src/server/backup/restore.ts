// `npm run restore FILE`: put a backup archive back into an empty database (or, with --force, over
// one that holds data) and its files into DATA_DIR/uploads.
import { existsSync } from 'node:fs'
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { executeRows, migrateDb, openDb, type Db, type DbHandle } from '#server/db/client.ts'
import { SECRET_FILES } from '#server/config/env.ts'
import { forgetFlushed } from '#server/db/durable-fs.ts'
import { entryBytes, readArchive } from './archive.ts'
import {
  appliedMigrations,
  BACKUP_FORMAT,
  DATABASE_ENTRY,
  MANIFEST,
  onPath,
  run,
  UPLOADS_PREFIX,
  userTables,
  type BackupManifest,
} from './backup.ts'
import {
  checkSecrets,
  promisedSecretEntries,
  SECRET_ENTRIES,
  SecretsRefused,
  writeSecretFile,
  type SecretsConfig,
} from './secrets.ts'

export class RestoreRefused extends Error {}

export interface RestoreOptions {
  file: string
  /** Restore into this PostgreSQL database; otherwise into the embedded one under `pgliteDir`. */
  databaseUrl?: string | undefined
  pgliteDir: string
  /** `DATA_DIR/uploads`, or null when files live in S3 (they are then not restored). */
  uploadsDir: string | null
  /** This install's DATA_DIR and where its secrets come from: checked against the archive's first. */
  secrets: SecretsConfig
  force?: boolean
  log?: (line: string) => void
}

/** Read the manifest (the archive's last entry) and check the archive is whole. */
export async function readManifest(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined
  const names = new Set<string>()
  let uploads = 0
  for await (const entry of readArchive(file)) {
    names.add(entry.name)
    if (entry.name.startsWith(UPLOADS_PREFIX)) uploads++
    if (entry.name === MANIFEST) manifest = JSON.parse((await entryBytes(entry)).toString('utf8'))
  }
  if (!manifest || manifest.format !== BACKUP_FORMAT || ![1, 2].includes(manifest.version))
    throw new RestoreRefused(`${file} is not a complete Stagedoor backup (no manifest).`)
  if (!names.has(DATABASE_ENTRY[manifest.database]))
    throw new RestoreRefused(`${file} has no database in it.`)
  if (manifest.version >= 2 && !manifest.secrets)
    throw new RestoreRefused(`${file} does not say where its secrets are.`)
  const missing = manifest.secrets ? promisedSecretEntries(manifest.secrets).filter((n) => !names.has(n)) : []
  if (missing.length) throw new RestoreRefused(`${file} is incomplete: ${missing.join(', ')} is missing.`)
  if (manifest.uploads !== null && manifest.uploads !== uploads)
    throw new RestoreRefused(`${file} is incomplete: ${uploads} of ${manifest.uploads} files.`)
  return manifest
}

/** Whether the database holds the society's data (accounts or events), not just its schema. */
async function holdsData(db: Db): Promise<boolean> {
  const tables = await userTables(db)
  for (const table of ['users', 'events'].filter((t) => tables.includes(t))) {
    const rows = await executeRows(db, sql`select 1 from ${sql.identifier(table)} limit 1`)
    if (rows.length) return true
  }
  return false
}

/** Remove every table (public schema and the migrations' record) of a PostgreSQL database. */
async function wipePostgres(db: Db): Promise<void> {
  await db.execute(sql`drop schema if exists drizzle cascade`)
  await db.execute(sql`drop schema if exists public cascade`)
  await db.execute(sql`create schema public`)
}

/** Tables in an order where each comes after the tables its foreign keys point at. */
async function insertOrder(db: Db, tables: string[]): Promise<string[]> {
  const edges = await executeRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  )
  const ordered: string[] = []
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return
    visiting.add(table)
    for (const edge of edges) if (edge.child === table) visit(edge.parent)
    ordered.push(table)
  }
  tables.forEach(visit)
  return ordered.filter((table) => tables.includes(table))
}

/** Load a logical export into a freshly migrated database, in one transaction. */
async function loadLogical(handle: DbHandle, data: Buffer, manifest: BackupManifest): Promise<void> {
  await migrateDb(handle)
  const migrations = await appliedMigrations(handle.db)
  if (migrations !== manifest.migrations) {
    throw new RestoreRefused(
      `This backup was made at migration ${manifest.migrations}; this version of Stagedoor is at ${migrations}. Restore it with the version that made it.`,
    )
  }
  const tables = new Map<string, unknown[]>()
  for (const line of data.toString('utf8').split('\n')) {
    if (!line) continue
    const parsed = JSON.parse(line) as { table: string; rows: unknown[] }
    tables.set(parsed.table, parsed.rows)
  }
  const existing = await userTables(handle.db)
  const unknown = [...tables.keys()].filter((table) => !existing.includes(table))
  if (unknown.length) throw new RestoreRefused(`This version has no table ${unknown.join(', ')}.`)
  const order = await insertOrder(handle.db, existing)
  await handle.db.transaction(async (db) => {
    await db.execute(sql.raw(`truncate ${existing.map((t) => `"${t}"`).join(', ')} cascade`))
    for (const table of order) {
      const rows = tables.get(table) ?? []
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = JSON.stringify(rows.slice(i, i + 500))
        await db.execute(
          sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${chunk}::json)`,
        )
      }
    }
    // Serial columns carry on after the highest restored id.
    const serials = await executeRows<{ table: string; column: string }>(
      db,
      sql`select table_name as "table", column_name as "column" from information_schema.columns
          where table_schema = 'public' and column_default like 'nextval(%'`,
    )
    for (const { table, column } of serials) {
      const t = sql.identifier(table)
      const c = sql.identifier(column)
      await db.execute(
        sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce((select max(${c}) from ${t}), 0) + 1, false)`,
      )
    }
  })
}

/** Put the database back; true when it replaced one that held data (with --force). */
async function restoreDatabase(
  options: RestoreOptions,
  manifest: BackupManifest,
  data: Buffer,
): Promise<boolean> {
  const log = options.log ?? (() => {})
  const refuse = () =>
    new RestoreRefused('The database holds data (accounts or events). Add --force to replace it.')
  if (options.databaseUrl) {
    if (manifest.database === 'pglite-datadir') {
      throw new RestoreRefused(
        'This backup is of the embedded database: restore it without DATABASE_URL (or back up with --logical to move engines).',
      )
    }
    const handle = await openDb({ databaseUrl: options.databaseUrl, poolSize: 2 })
    try {
      const full = await holdsData(handle.db)
      if (full && !options.force) throw refuse()
      await wipePostgres(handle.db)
      if (manifest.database === 'logical') {
        await loadLogical(handle, data, manifest)
        return full
      }
      if (!(await onPath('psql')))
        throw new RestoreRefused('psql is not on PATH: it restores a pg_dump backup.')
      await run(
        'psql',
        ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-d', options.databaseUrl],
        { input: data },
      )
      return full
    } finally {
      await handle.close()
    }
  }
  if (manifest.database === 'pg_dump') {
    throw new RestoreRefused(
      'This backup is a PostgreSQL dump: restore it with DATABASE_URL set (or back up with --logical to move engines).',
    )
  }
  const dir = options.pgliteDir
  let full = false
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    const current = await openDb({ dataDir: dir })
    full = await holdsData(current.db).finally(() => current.close())
    if (full && !options.force) throw refuse()
    const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    await rename(dir, aside)
    log(`The embedded database that was there is kept in ${aside}; delete it when you are satisfied.`)
  } else if (existsSync(dir) && (await readdir(dir)).length) {
    throw new RestoreRefused(`${dir} holds files that are not a database; move them away first.`)
  }
  if (manifest.database === 'logical') {
    const handle = await openDb({ dataDir: dir, durableCommits: true })
    try {
      await loadLogical(handle, data, manifest)
    } finally {
      await handle.close()
    }
    return full
  }
  await mkdir(dir, { recursive: true })
  forgetFlushed(dir)
  const pglite = await PGlite.create(dir, { loadDataDir: new Blob([new Uint8Array(data)]) })
  await pglite.close()
  // Opened once durably: every file written above is flushed to the disk (decision 0026).
  const check = await openDb({ dataDir: dir, durableCommits: true })
  await check.close()
  return full
}

/** A path inside `root` for an archive entry, or an error for one that would escape it. */
function targetPath(root: string, name: string): string {
  const relative = name.slice(UPLOADS_PREFIX.length)
  const full = path.resolve(root, relative)
  if (!relative || relative.split('/').includes('..') || !full.startsWith(path.resolve(root) + path.sep))
    throw new RestoreRefused(`The archive names a file outside the uploads folder: ${name}`)
  return full
}

/** The bytes of each named entry of the archive (small ones: the database and the secrets). */
async function entriesNamed(file: string, names: string[]): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>()
  for await (const entry of readArchive(file)) {
    if (names.includes(entry.name)) found.set(entry.name, await entryBytes(entry))
  }
  return found
}

export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const log = options.log ?? (() => {})
  const manifest = await readManifest(options.file)
  const databaseEntry = DATABASE_ENTRY[manifest.database]
  const entries = await entriesNamed(options.file, [
    databaseEntry,
    SECRET_ENTRIES.authSecret,
    SECRET_ENTRIES.vapidKeys,
  ])
  const archiveSecret = entries.get(SECRET_ENTRIES.authSecret)?.toString('utf8').trim() ?? null
  // Refused before anything is written: data this install could not read is no restore.
  if (manifest.secrets) {
    try {
      for (const warning of checkSecrets(manifest.secrets, archiveSecret, options.secrets)) log(warning)
    } catch (error) {
      if (error instanceof SecretsRefused) throw new RestoreRefused(error.message)
      throw error
    }
  } else {
    log(
      `This backup was made before archives carried the secrets: sign-in works only with the AUTH_SECRET (or DATA_DIR/${SECRET_FILES.authSecret}) of the server that made it.`,
    )
  }
  const replaced = await restoreDatabase(options, manifest, entries.get(databaseEntry)!)
  log(`Database restored (${manifest.database}, made ${manifest.createdAt}).`)
  const { dataDir, secretsFrom } = options.secrets
  const restoreFile = async (entry: string, name: string) => {
    const data = entries.get(entry)
    if (!data) return
    await mkdir(dataDir, { recursive: true })
    await writeSecretFile(dataDir, name, data, replaced, log)
    log(`${name} restored to ${dataDir}.`)
  }
  if (secretsFrom.authSecret === 'data-dir')
    await restoreFile(SECRET_ENTRIES.authSecret, SECRET_FILES.authSecret)
  if (secretsFrom.vapidKeys === 'data-dir')
    await restoreFile(SECRET_ENTRIES.vapidKeys, SECRET_FILES.vapidKeys)
  if (manifest.uploads === null) {
    log('The backup holds no uploads (they were in an S3 bucket): restore the bucket separately.')
  } else if (!options.uploadsDir) {
    log('Uploads are kept in S3 here: the files in the backup were not restored.')
  } else {
    const root = options.uploadsDir
    if (options.force) await rm(root, { recursive: true, force: true })
    let files = 0
    for await (const entry of readArchive(options.file)) {
      if (!entry.name.startsWith(UPLOADS_PREFIX)) continue
      const target = targetPath(root, entry.name)
      await mkdir(path.dirname(target), { recursive: true })
      await writeFile(target, entry.chunks, { flush: true })
      files++
    }
    log(`${files} uploaded files restored to ${root}.`)
  }
  return manifest
}
