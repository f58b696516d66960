// `npm test`: every check a change must pass, in order, stopping at nothing so one run shows all
// failures. Vitest suites write JSON results to .test-results/; the last line totals them
// ("N passed, M failed, K skipped"), and a skip not in test-summary.mjs's KNOWN_SKIPS fails the run.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { report, summarize } from './test-summary.mjs'

const resultsDir = '.test-results'
rmSync(resultsDir, { recursive: true, force: true })
mkdirSync(resultsDir, { recursive: true })

const vitestReport = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${resultsDir}/${name}.json`,
]

const steps = [
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  // The service worker has the worker's globals, not the page's (decision 0028).
  {
    name: 'typecheck (service worker)',
    cmd: 'npx',
    args: ['tsc', '--noEmit', '-p', 'src/client/sw/tsconfig.json'],
  },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'format', cmd: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'unit', cmd: 'npx', args: ['vitest', 'run', '--project', 'unit', ...vitestReport('unit')] },
  {
    name: 'integration',
    cmd: 'npx',
    args: ['vitest', 'run', '--project', 'integration', ...vitestReport('integration')],
    // The first run is always on the embedded database; CI repeats it on PostgreSQL.
    env: { DATABASE_URL: '' },
    timeoutMinutes: 35,
  },
  // NOTE: a run that fails test after test (a server that stopped answering) stops after 25 failures
  // rather than spending its minutes on timeouts: the first failures say why (support/failure-report.ts).
  {
    name: 'e2e',
    cmd: 'node',
    args: ['scripts/e2e.mjs', '--bail=25', ...vitestReport('e2e')],
    timeoutMinutes: 45,
  },
]

/**
 * Run one step in its own process group. A step that hangs is stopped with everything it started
 * (vitest, the e2e server, Chromium) at its time limit, about twice its usual time, so a run always
 * ends with its output and its summary; Ctrl-C reaches the whole group too.
 */
function runStep(step) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
      detached: true,
    })
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal)
      } catch {
        // the group has already ended
      }
    }
    const onInterrupt = () => killGroup('SIGINT')
    process.on('SIGINT', onInterrupt)
    process.on('SIGTERM', onInterrupt)
    let timedOut = false
    const timer = step.timeoutMinutes
      ? setTimeout(() => {
          timedOut = true
          killGroup('SIGKILL')
        }, step.timeoutMinutes * 60_000)
      : undefined
    child.on('exit', (code) => {
      clearTimeout(timer)
      process.off('SIGINT', onInterrupt)
      process.off('SIGTERM', onInterrupt)
      // Whatever the step left running (a server it started) ends with it.
      killGroup('SIGKILL')
      resolve({ status: timedOut ? 1 : code, timedOut })
    })
  })
}

const failed = []
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`)
  const started = Date.now()
  const run = await runStep(step)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (run.status !== 0) failed.push(step.name)
  if (run.timedOut) console.log(`${step.name} was stopped after ${step.timeoutMinutes} minutes`)
  console.log(`=== ${step.name}: ${run.status === 0 ? 'ok' : 'FAILED'} (${seconds} s) ===`)
}

const summary = summarize(resultsDir)
if (summary.unexpected.length) failed.push('unexpected skips')
if (failed.length) console.log(`\nFailed steps: ${failed.join(', ')}`)
// NOTE: a step that failed without a failing test (typecheck, lint) still counts once, so the total
// is never "0 failed" on a failed run.
const failedTests = summary.failed + summary.unexpected.length
const [totals, ...skips] = report({
  ...summary,
  failed: Math.max(summary.failed, failed.length && !failedTests ? failed.length : 0),
})
for (const line of skips) console.log(line)
console.log(totals)
process.exit(failed.length ? 1 : 0)
