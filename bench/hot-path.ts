// `npm run bench -- hot-path` (issue 16): the signed-in hot path beside a bare Fastify route measured in
// the same run, right before each case, as a ratio (the median of three such pairs); both engines;
// p50/p99; the server's resident memory after the load. Every load follows a second of the same
// load, not counted.
import { execSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { onFreshPostgres } from './fresh-postgres.ts'
import { spawnTs, startServerProcess, type ServerProcess } from '#server/testing/processes.ts'
import { freePort } from '#server/testing/smtp.ts'
import { DEMO_PASSWORD } from '#server/demo/demo.ts'
import { openDb, pgliteDir } from '#server/db/client.ts'
import { seedScaleData, SCALE } from './scale-data.ts'

type Record_ = (name: string, value: string) => void

const CONNECTIONS = 50
const SECONDS = 6
/** Pairs (bare route, case) measured per case; the median ratio is printed. */
const ROUNDS = 3

const NAV_ITEMS = `query NavItemsQuery { myApplications { id applicationType status updatedAt
  event { slug type title showName startDate endDate signupDeadline
    eventConfig { permissions { releaseParticipantInfoPack releaseFinalParticipantInfo releaseCastList } paymentLines } } } }`

interface Measure {
  perSecond: number
  p50: number
  p99: number
  failed: number
}

type LoadOptions = {
  url: string
  method?: 'GET' | 'POST'
  body?: string
  headers?: Record<string, string>
}

/** Seconds of load before each measure, not counted: the JIT, Mercurius's compiled queries and our
 * caches warm, as a running server's are, and the bare route's the same. */
const WARM_UP_SECONDS = 1

/** The load, after its warm-up. */
async function measure(options: LoadOptions): Promise<Measure> {
  await load(options, WARM_UP_SECONDS)
  return load(options)
}

async function load(options: LoadOptions, seconds = SECONDS): Promise<Measure> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...options.headers },
    ...(options.body ? { body: options.body } : {}),
    connections: CONNECTIONS,
    duration: seconds,
  })
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.non2xx,
  }
}

async function startBare(): Promise<{ url: string; stop(): void }> {
  const port = await freePort()
  const { child } = spawnTs('bench/bare-server.ts', { PORT: String(port) })
  const url = `http://127.0.0.1:${port}/bare`
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return { url, stop: () => child.kill('SIGTERM') }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error('the bare Fastify server did not start')
}

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  if (!res.ok) throw new Error(`sign-in as ${email} answered ${res.status}`)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const token = (await fetch(`${server.url}/api/auth/token`, { headers: { cookie } })).json()
  return ((await token) as { token: string }).token
}

function rssMiB(pid: number | undefined): number {
  return Math.round(Number(execSync(`ps -o rss= -p ${pid}`).toString().trim()) / 1024)
}

/**
 * Start on a fresh database (the demo society), stop, add the scale data set, start again: both
 * start-ups are timed, and the load then runs against the scale data (issue 16).
 */
async function startAtScale(record: Record_, engine: string, env: Record<string, string>) {
  const serverEnv = { LOG_LEVEL: 'warn', ...env }
  let started = Date.now()
  const fresh = await startServerProcess(serverEnv, 180_000)
  record(
    `start-up to healthy, fresh database, ${engine}`,
    `${Date.now() - started} ms; resident memory then ${rssMiB(fresh.child.pid)} MiB`,
  )
  await fresh.stop()
  started = Date.now()
  const handle = await openDb(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : { dataDir: pgliteDir(env.DATA_DIR!), durableCommits: true },
  )
  try {
    await seedScaleData(handle.db)
    // As a database that has been running a while: statistics for the planner and no autovacuum of
    // the rows just written running under the load.
    await handle.db.execute(sql`vacuum analyze`)
  } finally {
    await handle.close()
  }
  record(
    `scale data set added, ${engine}`,
    `${SCALE.members} members, ${SCALE.events} events, ${SCALE.applications} applications, ${SCALE.subscribers} subscribers, ${SCALE.tickets} tickets in ${Date.now() - started} ms`,
  )
  started = Date.now()
  // As production restarts: without demo mode's top-up of the demo society (its idempotent inserts
  // run on every start in demo mode). The demo accounts are in the data already.
  const server = await startServerProcess({ ...serverEnv, DEMO_MODE: 'false' }, 180_000)
  record(
    `restart to healthy, existing database at scale (no demo top-up), ${engine}`,
    `${Date.now() - started} ms`,
  )
  return server
}

async function engineRun(record: Record_, engine: 'embedded' | 'PostgreSQL', env: Record<string, string>) {
  const server = await startAtScale(record, engine, env)
  const bare = await startBare()
  try {
    const token = await signIn(server, 'member1@stagedoor.test')
    const gqlUrl = `${server.url}/api/graphql`
    const auth = { authorization: `Bearer ${token}` }
    const cases: { name: string; load: LoadOptions }[] = [
      {
        name: 'NavItemsQuery as member1',
        load: {
          url: gqlUrl,
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ operationName: 'NavItemsQuery', query: NAV_ITEMS }),
        },
      },
      {
        name: 'myApplications as member1 (not cached)',
        load: {
          url: gqlUrl,
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            query: '{ myApplications { id status applicationType event { slug title startDate } } }',
          }),
        },
      },
      {
        name: '{ events { slug title showName startDate } } anonymous',
        load: {
          url: gqlUrl,
          method: 'POST',
          body: JSON.stringify({ query: '{ events { slug title showName startDate } }' }),
        },
      },
      {
        name: '{ __typename } anonymous',
        load: { url: gqlUrl, method: 'POST', body: JSON.stringify({ query: '{ __typename }' }) },
      },
      { name: 'GET /api/health', load: { url: `${server.url}/api/health` } },
    ]
    // NOTE: the bare route is measured right before each case, with the same method: the ratio is
    // then of two loads a few seconds apart, not of one taken before every other case ran (on this
    // 2-core machine one run's bare POST was 35 % faster than another's). Each pair runs ROUNDS
    // times, the cases taking turns, and the round with the median ratio is printed: one case's
    // ratio moved by a quarter from one pair to the next.
    const rounds = new Map<string, { ratio: number; m: Measure; bare: Measure }[]>()
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        const method = c.load.method ?? 'GET'
        const bareRun = await measure({ url: bare.url, method, ...(method === 'POST' ? { body: '{}' } : {}) })
        const m = await measure(c.load)
        rounds.set(c.name, [
          ...(rounds.get(c.name) ?? []),
          { ratio: m.perSecond / bareRun.perSecond, m, bare: bareRun },
        ])
      }
    }
    for (const c of cases) {
      const all = rounds.get(c.name)!
      const {
        ratio,
        m,
        bare: bareRun,
      } = [...all].sort((a, b) => a.ratio - b.ratio)[Math.floor(all.length / 2)]!
      record(
        `${c.name}, ${engine}, ${CONNECTIONS} connections`,
        `${Math.round(m.perSecond)} req/s (${ratio.toFixed(3)}× bare ${c.load.method ?? 'GET'} ${Math.round(bareRun.perSecond)}), p50 ${m.p50} ms, p99 ${m.p99} ms${m.failed ? `, ${m.failed} failed` : ''}; median of ${all.length} rounds (${all.map((r) => `${r.ratio.toFixed(3)}×`).join(', ')})`,
      )
    }
    record(`server resident memory after the hot-path load, ${engine}`, `${rssMiB(server.child.pid)} MiB`)
  } finally {
    bare.stop()
    await server.stop()
  }
}

export async function hotPath(record: Record_) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-hot-'))
  try {
    await engineRun(record, 'embedded', { DATA_DIR: dataDir })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  await onFreshPostgres(record, 'hot path on PostgreSQL', 'stagedoor_durable_bench', (env) =>
    engineRun(record, 'PostgreSQL', env),
  )
}
