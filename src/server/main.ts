import path from 'node:path'
import { buildApp } from './app.ts'
import { listenForBackups } from './backup/backup-socket.ts'
import { ConfigError, loadConfig } from './config/env.ts'
import { openFirstRunSetup } from './modules/people/first-run-setup.ts'
import { embeddedDurabilityNotice } from './db/durability-notice.ts'
import { warmSourceMaps } from './http/warm-source-maps.ts'
import { startupPhases, timedPhase } from './startup-phases.ts'

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

const app = await timedPhase('app', () => buildApp(config, { startJobs: false }))
// NOTE: before listening. A SIGTERM that came after the first healthy answer but before these
// lines killed the process without its shutdown (exit by signal, the crash-safety test saw it).
let stopBackups: () => void = () => {}
let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: draining requests, then closing the database')
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting')
    process.exit(1)
  }, 10_000)
  timer.unref()
  try {
    stopBackups()
    await app.close()
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown')
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
// NOTE: the demo is started here, never from the app's wiring, so production code never reaches it.
if (config.demoMode) {
  await timedPhase('demoSociety', async () => (await import('./demo/start-demo.ts')).startDemo(app))
}
// Before listening: the first request that errors must not wait for the source maps (issue 26).
await timedPhase('sourceMaps', async () => warmSourceMaps(path.dirname(new URL(import.meta.url).pathname)))
await timedPhase('listen', () => app.listen({ port: config.port, host: config.host }))
const startedIn = startupPhases()
// NOTE: after listening, so a restart answers as soon as it can (decision 0027). Nothing a request
// does needs the worker running: a job waits in its table, mail in the outbox, each under a key
// that keeps it from being queued twice.
await app.startBackgroundWork()
// `npm run backup` asks this process for a snapshot of the embedded database it holds.
stopBackups =
  app.services.dbHandle.kind === 'pglite'
    ? await listenForBackups({
        dataDir: config.dataDir,
        handle: app.services.dbHandle,
        uploadsDir: config.s3 ? null : path.join(config.dataDir, 'uploads'),
        secrets: config,
      }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'npm run backup cannot reach this server (backup socket)')
        return () => {}
      })
    : () => {}
app.log.info(
  {
    url: config.appUrl,
    database: app.services.dbHandle.kind,
    demoMode: config.demoMode,
    startupMs: startedIn,
  },
  `Stagedoor is serving at ${config.appUrl} (listening ${startedIn.sinceProcessStart} ms after the process started)`,
)
// A fresh install has nobody who can reach /admin: log a one-time link that makes its opener the
// first superAdmin (docs/decisions/0020-people.md).
const setupLink = await openFirstRunSetup(app.services)
if (setupLink) {
  app.log.warn(
    { setupLink },
    `No superAdmin yet. First-run setup (works once, for 1 hour): open ${setupLink} and sign up or sign in; or run npm run admin -- grant superAdmin <email>`,
  )
}

const durability = embeddedDurabilityNotice(app.services.dbHandle)
if (config.isProduction && durability) {
  const durable = app.services.dbHandle.kind === 'pglite' && app.services.dbHandle.durableCommits
  app.log.warn({ database: 'pglite', durableCommits: durable }, durability)
}
