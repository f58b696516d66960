// `npm run bench -- admin-scale` (issue 32): the main query of five admin pages at the scale data set
// (2,000 members, 40 events, 20,000 applications, 20,000 tickets; bench/scale-data.ts and
// bench/admin-scale-data.ts), 10 connections, p50/p99/req/s per page, on PostgreSQL and on the
// embedded database with durable commits. Target: p99 ≤ 50 ms.
//
// The same HTTP path the UI takes: a board member signs in through the client's own auth transport
// (cookie session, then `/api/auth/token`), and each page's document is sent by the client's own
// urql connection (`createGraphQLConnection`, graphcache and all) with the variables the page uses on
// its first load. That one request (body and headers, plus the Accept-Encoding a browser adds) is
// captured and replayed under load, so the bench cannot drift from what the pages send.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { onFreshPostgres } from './fresh-postgres.ts'
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { AcceptanceOverviewQuery } from '#client/features/acceptance/graphql/acceptance.query.ts'
import { CASTING_PAGE_SIZE, DEFAULT_VIEW, queryArgs } from '#client/features/casting/casting-url.ts'
import { CastingApplicationsQuery } from '#client/features/casting/graphql/casting.query.ts'
import { OperationsOverviewQuery } from '#client/features/operations/graphql/operations.query.ts'
import { MemberRecordsQuery } from '#client/features/people/graphql/member-records.query.ts'
import {
  MEMBER_RECORDS_PAGE_SIZE,
  memberFilterOf,
  memberOffsetOf,
} from '#client/features/people/member-records-url.ts'
import { TicketStatsQuery } from '#client/features/tickets/graphql/tickets.queries.ts'
import { betterAuthTransport } from '#client/lib/auth/transport.ts'
import { createGraphQLConnection, GRAPHQL_PATH } from '#client/lib/graphql.ts'
import { openDb, pgliteDir } from '#server/db/client.ts'
import { DEMO_PASSWORD } from '#server/demo/demo.ts'
import { startServerProcess, type ServerProcess } from '#server/testing/processes.ts'
import { seedAdminScaleData } from './admin-scale-data.ts'
import { SCALE, seedScaleData } from './scale-data.ts'

type Record_ = (name: string, value: string) => void

const CONNECTIONS = 10
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARM_UP_SECONDS = 2
const TARGET_P99_MS = 50
/** A past event of the scale set: 500 applications, 1,000 tickets in 500 orders, check-ins. */
const EVENT_SLUG = 'scale-event-10'
const COMMITTEE_EMAIL = 'boardmember@stagedoor.test'
/** What Chromium sends: the server compresses the answer as it would for the page. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
/** `postgres` or `embedded` runs one engine only (BENCH_ENGINE); both by default. */
const ONLY = process.env.BENCH_ENGINE

interface Page {
  name: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  document: TypedDocumentNode<any, any>
  variables: Record<string, unknown>
  /** What the answer holds, to print and to refuse an empty or failed answer. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  describe: (data: any) => string
}

const none = new URLSearchParams()
const PAGES: Page[] = [
  {
    name: 'casting list',
    document: CastingApplicationsQuery,
    variables: { eventSlug: EVENT_SLUG, ...queryArgs(DEFAULT_VIEW), first: CASTING_PAGE_SIZE, after: null },
    describe: (d) =>
      `${d.castingApplications.nodes.length} of ${d.castingApplications.totalCount} applications, ` +
      `${d.castingApplications.nodes.filter((n: { averageScore: unknown }) => n.averageScore !== null).length} scored`,
  },
  {
    name: 'acceptance',
    document: AcceptanceOverviewQuery,
    variables: { eventSlug: EVENT_SLUG },
    describe: (d) =>
      `${d.acceptanceOverview.applications.length} applications, ` +
      `${d.acceptanceOverview.applications.filter((a: { owedPence: number }) => a.owedPence > 0).length} owing`,
  },
  {
    name: 'operations',
    document: OperationsOverviewQuery,
    variables: { eventSlug: EVENT_SLUG },
    describe: (d) =>
      `${d.operationsOverview.participants.length} participants, ${d.operationsOverview.moneyByLine.length} payment lines`,
  },
  {
    name: 'member records',
    document: MemberRecordsQuery,
    variables: {
      filter: memberFilterOf(none),
      offset: memberOffsetOf(none),
      limit: MEMBER_RECORDS_PAGE_SIZE,
    },
    describe: (d) => `${d.memberRecords.items.length} of ${d.memberRecords.total} members`,
  },
  {
    name: 'ticket stats',
    document: TicketStatsQuery,
    variables: { eventSlug: EVENT_SLUG },
    describe: (d) =>
      `${d.ticketStats.orders.length} orders, ${d.ticketStats.types.reduce((s: number, t: { sold: number }) => s + t.sold, 0)} tickets sold, ` +
      `${d.ticketStats.salesByDay.length} days`,
  },
]

/** A browser's cookie jar and Origin header over Node's fetch, for the client's auth transport. */
function browserFetch(origin: string): typeof fetch {
  const jar = new Map<string, string>()
  return async (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('origin', origin)
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
    const response = await fetch(input, { ...init, headers })
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  }
}

/** Sign in as the UI does and return the access token the UI would send. */
async function signIn(server: ServerProcess, email: string): Promise<string> {
  const auth = betterAuthTransport({ baseUrl: server.url, fetch: browserFetch(server.url) })
  await auth.signIn({ email, password: DEMO_PASSWORD })
  return auth.getToken()
}

interface Captured {
  body: string
  headers: Record<string, string>
  summary: string
}

/** Send the page's query through the client's urql connection; keep the request it made. */
async function capture(server: ServerProcess, token: string, page: Page): Promise<Captured> {
  let sent: { body: string; headers: Record<string, string> } | undefined
  const connection = createGraphQLConnection({
    url: `${server.url}${GRAPHQL_PATH}`,
    getToken: () => token,
    fetch: (input, init) => {
      sent = { body: String(init?.body), headers: Object.fromEntries(new Headers(init?.headers)) }
      return fetch(input, init)
    },
  })
  try {
    const result = await connection.client
      .query(page.document, page.variables, { requestPolicy: 'network-only' })
      .toPromise()
    if (result.error || !result.data) throw new Error(`${page.name}: ${result.error?.message ?? 'no data'}`)
    if (!sent) throw new Error(`${page.name}: the client sent nothing`)
    return { ...sent, summary: page.describe(result.data) }
  } finally {
    connection.dispose()
  }
}

/** The server process's CPU time so far, in ms (every thread: the embedded database's too). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

async function load(url: string, c: Captured, seconds: number) {
  return autocannon({
    url,
    method: 'POST',
    headers: { ...c.headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    body: c.body,
    connections: CONNECTIONS,
    duration: seconds,
  })
}

/** The answer still says what it said before the load (no errors under load, nothing gone). */
async function check(url: string, c: Captured, page: Page) {
  const res = await fetch(url, { method: 'POST', headers: c.headers, body: c.body })
  const json = (await res.json()) as { data?: unknown; errors?: unknown }
  if (!res.ok || json.errors || !json.data) throw new Error(`${page.name}: ${JSON.stringify(json.errors)}`)
  const summary = page.describe(json.data)
  if (summary !== c.summary) throw new Error(`${page.name}: answered "${summary}", before "${c.summary}"`)
}

async function seedAtScale(record: Record_, engine: string, env: Record<string, string>) {
  // The demo society first (the board member signs in with its account), then the scale set.
  const fresh = await startServerProcess({ LOG_LEVEL: 'warn', ...env }, 180_000)
  await fresh.stop()
  const started = Date.now()
  const handle = await openDb(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : { dataDir: pgliteDir(env.DATA_DIR!), durableCommits: true },
  )
  try {
    await seedScaleData(handle.db)
    const extra = await seedAdminScaleData(handle.db)
    // As a database that has been running a while: planner statistics, no autovacuum under the load.
    await handle.db.execute(sql`vacuum analyze`)
    record(
      `admin pages: data set, ${engine}`,
      `${SCALE.members} members, ${SCALE.events} events, ${SCALE.applications} applications, ${SCALE.tickets} tickets; ` +
        `${extra.reviews} reviews, ${extra.applicationPayments} application payments, ${extra.orderLines} order lines, ` +
        `${extra.ticketPayments} ticket payments, ${extra.checkedIn} checked in; written in ${Date.now() - started} ms`,
    )
  } finally {
    await handle.close()
  }
}

async function engineRun(record: Record_, engine: 'embedded' | 'PostgreSQL', env: Record<string, string>) {
  await seedAtScale(record, engine, env)
  const server = await startServerProcess({ LOG_LEVEL: 'warn', ...env, DEMO_MODE: 'false' }, 180_000)
  try {
    const token = await signIn(server, COMMITTEE_EMAIL)
    const url = `${server.url}${GRAPHQL_PATH}`
    let met = 0
    for (const page of PAGES) {
      const captured = await capture(server, token, page)
      await load(url, captured, WARM_UP_SECONDS)
      const cpuBefore = cpuMs(server.child.pid!)
      const r = await load(url, captured, SECONDS)
      const cpu = (cpuMs(server.child.pid!) - cpuBefore) / Math.max(1, r.requests.total)
      await check(url, captured, page)
      const failed = r.errors + r.non2xx + r.timeouts
      const ok = r.latency.p99 <= TARGET_P99_MS && failed === 0
      if (ok) met++
      record(
        `admin ${page.name}, ${engine}, ${CONNECTIONS} connections`,
        `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s ` +
          `(${r.requests.total} requests in ${SECONDS} s after ${WARM_UP_SECONDS} s warm-up${failed ? `, ${failed} failed` : ''}); ` +
          `server CPU ${cpu.toFixed(1)} ms/request; ${Math.round(r.throughput.total / Math.max(1, r.requests.total) / 1024)} KiB/answer compressed; ` +
          `${captured.summary}; target p99 ≤ ${TARGET_P99_MS} ms: ${ok ? 'ok' : 'OVER'}`,
      )
    }
    record(
      `admin pages within p99 ≤ ${TARGET_P99_MS} ms, ${engine}`,
      `${met} of ${PAGES.length}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
    )
  } finally {
    await server.stop()
  }
}

export async function adminScale(record: Record_) {
  record(
    'admin pages: how',
    `POST ${GRAPHQL_PATH} as ${COMMITTEE_EMAIL} (bearer token from the client's auth transport), each page's ` +
      `document and first-load variables as the client's urql connection sent them, event ${EVENT_SLUG}; ` +
      `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per page after ${WARM_UP_SECONDS} s warm-up`,
  )
  if (ONLY !== 'embedded') await onPostgres(record)
  if (ONLY === 'postgres') return
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-admin-'))
  try {
    await engineRun(record, 'embedded', { DATA_DIR: dataDir })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function onPostgres(record: Record_) {
  await onFreshPostgres(record, 'admin pages on PostgreSQL', 'stagedoor_admin_bench', (env) =>
    engineRun(record, 'PostgreSQL', env),
  )
}
