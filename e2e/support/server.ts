import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, type WriteStream } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_COMMAND } from '#server/testing/processes.ts'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const CLIENT_INDEX = path.join(REPO_ROOT, 'dist/client/index.html')
/** Server output of the last run, kept for when a test fails. */
export const SERVER_LOG = path.join(REPO_ROOT, 'test-results/e2e-server.log')

// NOTE: generous: a second server may start while the first is seeding on a busy machine.
const HEALTH_TIMEOUT_MS = 120_000
const STOP_TIMEOUT_MS = 15_000

export interface RunningServer {
  baseUrl: string
  port: number
  dataDir: string
  /** SIGTERM, then SIGKILL if it has not exited in time. */
  stop(): Promise<void>
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

let log: WriteStream | undefined
function serverLog(): WriteStream {
  if (!log) {
    mkdirSync(path.dirname(SERVER_LOG), { recursive: true })
    log = createWriteStream(SERVER_LOG, { flags: 'w' })
  }
  return log
}

/**
 * Start the real server, compiled, as production runs it (`scripts/server.sh`), on an
 * embedded database in `dataDir`, and wait until `/api/health` answers 200.
 */
export async function startServer(options: {
  dataDir: string
  port: number
  /** The test SMTP server (support/mail.ts); without it mail goes to the local inbox (/dev/mail). */
  smtpUrl?: string
  /** Variables on top of the e2e ones (e.g. DEMO_MODE: 'false' for a fresh society). */
  env?: Record<string, string>
}): Promise<RunningServer> {
  if (!existsSync(CLIENT_INDEX)) {
    throw new Error(
      `${CLIENT_INDEX} is missing: run \`npm run build\` (npm run test:e2e builds when needed).`,
    )
  }
  const { dataDir, port } = options
  // The URL the browser uses must be APP_URL exactly: auth checks the Origin header against it.
  const baseUrl = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    JOBS_POLL_MS: '200',
    // Demo mode seeds one account per role, which the tests sign in with; a developer's shell must
    // not turn it off.
    DEMO_MODE: 'true',
    // NOTE: as if behind a proxy on this host, so the API calls the test runner makes (accounts.ts)
    // can say they come from another address than the browser. Sign-in is rate limited per address;
    // the runner's sessions then do not eat into the browser's allowance. The browser sends no
    // X-Forwarded-For, so it is still seen as 127.0.0.1.
    TRUST_PROXY: '127.0.0.1',
  }
  // NOTE: always the embedded database, whatever the developer's shell points at.
  delete env.DATABASE_URL
  delete env.SMTP_URL
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl
  delete env.S3_BUCKET
  Object.assign(env, options.env)

  const out = serverLog()
  out.write(`\n--- starting server on ${baseUrl} (DATA_DIR=${dataDir}) ---\n`)
  const child = spawn(SERVER_COMMAND[0], [...SERVER_COMMAND[1]], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let recent = ''
  const keep = (chunk: Buffer) => {
    out.write(chunk)
    recent = (recent + chunk.toString()).slice(-4_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  try {
    await waitForHealth(baseUrl, exited)
  } catch (error) {
    await stopChild(child, exited)
    throw new Error(`${(error as Error).message}\nServer output (full log in ${SERVER_LOG}):\n${recent}`)
  }
  return { baseUrl, port, dataDir, stop: () => stopChild(child, exited) }
}

async function waitForHealth(baseUrl: string, exited: Promise<number | null>): Promise<void> {
  let stoppedWith: number | null | undefined
  void exited.then((code) => (stoppedWith = code))
  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  let last = 'no answer yet'
  while (Date.now() < deadline) {
    if (stoppedWith !== undefined)
      throw new Error(`The server exited with code ${stoppedWith} before it was healthy.`)
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })
      if (response.status === 200) return
      last = `HTTP ${response.status}: ${await response.text()}`
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(`The server was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last}).`)
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await exited
  clearTimeout(timer)
}
