// `npm run restore -- FILE [--force]`: restore a backup archive into the configured database and
// DATA_DIR/uploads. Refuses a database that holds data unless --force. See README "Backups".
import path from 'node:path'
import { ConfigError, loadConfig } from '#server/config/env.ts'
import { pgliteDir } from '#server/db/client.ts'
import { serverRunning } from './backup-socket.ts'
import { restoreBackup, RestoreRefused } from './restore.ts'

const USAGE = 'Usage: npm run restore -- FILE [--force]'

const args = process.argv.slice(2)
const force = args.includes('--force')
const files = args.filter((arg) => arg !== '--force')
if (files.length !== 1 || files[0]!.startsWith('--')) {
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

if (!config.databaseUrl && (await serverRunning(config.dataDir))) {
  console.error('The server is running on this embedded database: stop it, then restore.')
  process.exit(1)
}

try {
  await restoreBackup({
    file: path.resolve(files[0]!),
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDir(config.dataDir),
    uploadsDir: config.s3 ? null : path.join(config.dataDir, 'uploads'),
    secrets: config,
    force,
    log: (line) => console.log(line),
  })
  console.log('Restore complete. Start the server: it applies any newer migrations.')
} catch (error) {
  console.error(
    error instanceof RestoreRefused ? error.message : `Restore failed: ${(error as Error).message}`,
  )
  process.exitCode = 1
}
