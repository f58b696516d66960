import { loadConfig } from '#server/config/env.ts'
import { migrateDb, openDb, pgliteDir } from './client.ts'

const config = loadConfig()
const handle = await openDb({
  databaseUrl: config.databaseUrl,
  dataDir: pgliteDir(config.dataDir),
  durableCommits: config.embeddedDurableCommits,
})
await migrateDb(handle)
await handle.close()
console.log(`Migrations applied (${handle.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}).`)
