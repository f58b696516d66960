// `npm run bench -- newcomer-start` (issue 32): what a newcomer's first `npm start` does, timed to the
// first healthy answer. It runs `npm start` itself, in this repository with dist/ removed (a fresh
// clone has no build) and a fresh DATA_DIR (the first start creates the embedded database and the
// demo society), with a newcomer's environment (PATH and HOME; a free PORT). The phases come from
// what the run prints: scripts/build.mjs's line (client, member home render and server builds, run
// at once) and the server's "serving" line (its `startupMs`: database open, migrations, app, demo
// society, source maps, listen). Then `npm start` again on the same data dir, dist/ up to date.
// The target is ≤ 15 s to healthy. NOTE: this removes and rebuilds dist/ (a production build).
import { execSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '#server/testing/smtp.ts'

type Record_ = (name: string, value: string) => void

const ROOT = path.resolve(import.meta.dirname, '..')
const TARGET_MS = 15_000

interface Run {
  healthyMs: number
  output: string
  rssMiB: number
}

/** `npm start` on `dataDir` until /api/health answers 200, then stopped. */
async function npmStart(dataDir: string): Promise<Run> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`)
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })
        if (res.status === 200) break
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 300_000) throw new Error(`npm start not healthy in 5 min:\n${output}`)
      await new Promise((r) => setTimeout(r, 20))
    }
    const healthyMs = performance.now() - started
    const pid = serverPid(child.pid!)
    const rssMiB = pid ? Math.round(Number(execSync(`ps -o rss= -p ${pid}`).toString().trim()) / 1024) : NaN
    return { healthyMs, output, rssMiB }
  } finally {
    // The whole group: npm, its shell and the server (SIGTERM: the server closes its database).
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // gone already
    }
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)))
  }
}

/** The server among npm's descendants (npm → sh → `exec node dist/server/main.js`). */
function serverPid(npmPid: number): number | null {
  const rows = execSync('ps -e -o pid=,ppid=,args=')
    .toString()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }))
  const ours = new Set([npmPid])
  for (let grew = true; grew;) {
    grew = false
    for (const row of rows)
      if (ours.has(row.ppid) && !ours.has(row.pid)) {
        ours.add(row.pid)
        grew = true
      }
  }
  return rows.find((row) => ours.has(row.pid) && row.args.includes('dist/server/main.js'))?.pid ?? null
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** The build's line and the server's start-up times, from what `npm start` printed. */
function phasesOf(output: string): { build: string; server: string; serverTotal: number } {
  const build =
    /Built dist\/ in ([\d.]+ s) \(at once: ([^)]*)\)/.exec(output)?.slice(1).join(': ') ??
    (/dist\/ is up to date[^\n]*/.exec(output)?.[0]
      ? 'skipped (dist/ up to date)'
      : 'not found in the output')
  let server = 'not found in the output'
  let serverTotal = NaN
  for (const line of output.split('\n')) {
    if (!line.includes('"startupMs"')) continue
    const ms = (JSON.parse(line) as { startupMs: { [name: string]: number } }).startupMs
    serverTotal = ms.sinceProcessStart ?? NaN
    server = Object.entries(ms)
      .map(([name, value]) => `${name} ${value} ms`)
      .join(', ')
  }
  return { build, server, serverTotal }
}

export async function newcomerStart(record: Record_) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-newcomer-'))
  try {
    rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true })
    const first = await npmStart(dataDir)
    const phases = phasesOf(first.output)
    record(
      'npm start on a fresh clone (no dist/, fresh DATA_DIR: build, database, demo society) to healthy',
      `${seconds(first.healthyMs)}; target ≤ ${seconds(TARGET_MS)}`,
    )
    record('  its build (scripts/build.mjs)', phases.build)
    record(
      '  its server, process start to listening',
      `${phases.serverTotal} ms (${phases.server}); resident memory when healthy ${first.rssMiB} MiB`,
    )
    const again = await npmStart(dataDir)
    const againPhases = phasesOf(again.output)
    record(
      'npm start again (dist/ up to date, existing DATA_DIR) to healthy',
      `${seconds(again.healthyMs)} (build: ${againPhases.build}; server ${againPhases.serverTotal} ms)`,
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
