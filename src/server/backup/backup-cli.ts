// `npm run backup [-- --out FILE] [--logical]`: a consistent snapshot of the database (either
// engine) and DATA_DIR/uploads in one archive, while the server runs. See README "Backups".
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError, loadConfig } from '#server/config/env.ts'
import { openDb, pgliteDir } from '#server/db/client.ts'
import { requestBackup } from './backup-socket.ts'
import { createBackup, type BackupManifest } from './backup.ts'

const USAGE = 'Usage: npm run backup -- [--out FILE] [--logical]'

const args = process.argv.slice(2)
const logical = args.includes('--logical')
const outAt = args.indexOf('--out')
const unknown = args.filter((arg, i) => arg !== '--logical' && arg !== '--out' && i !== outAt + 1)
if (unknown.length || (outAt >= 0 && !args[outAt + 1])) {
  console.error(USAGE)
  process.exit(2)
}

let config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const out = path.resolve(outAt >= 0 ? args[outAt + 1]! : `stagedoor-backup-${stamp}.tar.gz`)
const uploadsDir = config.s3 ? null : path.join(config.dataDir, 'uploads')
if (existsSync(out)) {
  console.error(`Backup failed: ${out} already exists: name a new file for the backup.`)
  process.exit(1)
}

try {
  let manifest: BackupManifest | null = null
  if (!config.databaseUrl) manifest = await requestBackup(config.dataDir, { out, logical })
  if (!manifest) {
    // PostgreSQL, or no server running on the embedded database: open it here.
    const handle = await openDb({
      databaseUrl: config.databaseUrl,
      dataDir: pgliteDir(config.dataDir),
      durableCommits: config.embeddedDurableCommits,
    })
    try {
      manifest = await createBackup({ handle, uploadsDir, secrets: config, out, logical })
    } finally {
      await handle.close()
    }
  }
  const files =
    manifest.uploads === null ? 'uploads in S3 not included' : `${manifest.uploads} uploaded files`
  console.log(`Backup written to ${out} (${manifest.engine}, ${manifest.database}, ${files}).`)
  const carried = [
    manifest.secrets?.authSecret === 'archive' ? 'auth-secret' : null,
    manifest.secrets?.vapidKeys === 'archive' ? 'vapid-keys.json' : null,
  ].filter(Boolean)
  if (carried.length) {
    console.log(
      `It holds ${carried.join(' and ')}: anyone with the archive can sign in as any member. Keep it as safe as the server.`,
    )
  }
  if (manifest.secrets?.authSecret === 'environment') {
    console.log('AUTH_SECRET came from the environment and is not in the archive: keep it with the archive.')
  }
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`)
  process.exitCode = 1
}
