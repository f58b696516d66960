import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { migrateDb, openDb } from '#server/db/client.ts'
import { buildServer } from './processes.ts'
import { adminUrl, TEMPLATE_ENV, TEMPLATE_FILE } from './test-db.ts'

/**
 * Migrate once, then let every test file clone the result: a dumped PGlite data directory, or a
 * PostgreSQL template database when DATABASE_URL is set. Compile the server first.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Tests that start the server as production does run the compiled one (testing/processes.ts).
  buildServer()
  const url = process.env.DATABASE_URL
  if (!url) {
    const handle = await openDb({ dataDir: 'memory://' })
    await migrateDb(handle)
    if (handle.kind !== 'pglite') throw new Error('expected an embedded database')
    const dump = await handle.pglite.dumpDataDir('none')
    await handle.close()
    mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true })
    writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()))
    return async () => {}
  }
  const base = new URL(url).pathname.slice(1) || 'stagedoor'
  const template = `${base}_tpl_${process.pid}`
  const admin = new pg.Client({ connectionString: adminUrl(url) })
  await admin.connect()
  await admin.query(`drop database if exists "${template}"`)
  await admin.query(`create database "${template}"`)
  const templateUrl = new URL(url)
  templateUrl.pathname = `/${template}`
  const handle = await openDb({ databaseUrl: templateUrl.toString(), poolSize: 2 })
  await migrateDb(handle)
  await handle.close()
  process.env[TEMPLATE_ENV] = template
  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`).catch(async () => {
      await admin.query(`drop database if exists "${template}"`)
    })
    await admin.end()
  }
}
