import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config/env.ts'

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

const app = await buildApp(config)
await app.listen({ port: config.port, host: config.host })
app.log.info(
  { url: config.appUrl, database: app.services.dbHandle.kind, demoMode: config.demoMode },
  `Stagedoor is serving at ${config.appUrl}`,
)

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
    await app.close()
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown')
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
