import { existsSync, readFileSync, statfsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { beforeEach, inject } from 'vitest'
import { SERVER_LOG } from './server.ts'

// Set up before every e2e file (vitest.config.ts setupFiles). When a test fails, say what the
// shared server and the machine were doing: whether the server still answers its health check (and
// how fast), the free space where the server and Chromium write, and the end of the server's log.
// A run whose every test times out then says why in its own output (once, a whole CI run's e2e
// timed out test by test and its output showed only the timeouts).

/** The first failures of a file get the server's log; later ones only the health line. */
const LOG_TAIL_FAILURES = 3
const LOG_TAIL_LINES = 40
let failures = 0

async function healthLine(baseUrl: string): Promise<string> {
  const started = performance.now()
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) })
    return `server health: HTTP ${response.status} in ${Math.round(performance.now() - started)} ms`
  } catch (error) {
    return `server health: no answer (${(error as Error).message}) after ${Math.round(performance.now() - started)} ms`
  }
}

function freeSpaceLine(): string {
  try {
    const stats = statfsSync(tmpdir())
    return `free space in ${tmpdir()}: ${Math.round((stats.bavail * stats.bsize) / 2 ** 20)} MiB`
  } catch (error) {
    return `free space in ${tmpdir()}: unknown (${(error as Error).message})`
  }
}

function logTail(): string {
  if (!existsSync(SERVER_LOG)) return `(no server log at ${SERVER_LOG})`
  const lines = readFileSync(SERVER_LOG, 'utf8').trimEnd().split('\n')
  return lines.slice(-LOG_TAIL_LINES).join('\n')
}

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    failures += 1
    const lines = [
      `--- after the failure of "${task.name}" ---`,
      await healthLine(inject('baseUrl')),
      freeSpaceLine(),
    ]
    if (failures <= LOG_TAIL_FAILURES) lines.push(`end of the server log (${SERVER_LOG}):`, logTail())
    console.error(lines.join('\n'))
  })
})
