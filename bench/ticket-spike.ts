// `npm run bench -- ticket-spike` (issue 32): a ticket release at 10:00 as buyers make it. The compiled
// server starts on a fresh demo instance (embedded with durable commits, then PostgreSQL), a staff
// member opens a sale of N tickets over GraphQL, and then every buyer, signed out, from an address of
// their own (X-Forwarded-For, the server started with TRUST_PROXY), does what the shop page does: the
// app's own urql client (src/client/lib/graphql.ts) sends the UI's HoldTickets document, then the
// checkout's ConfirmTicketOrder, so the bench cannot drift from the UI. Alongside the rush, anonymous
// readers load /{event}/ticket-sales and /listings at 50 connections (autocannon). Afterwards the
// database is read directly: what was sold, and whether anything was sold twice. Each case starts a
// fresh instance. BENCH_RUSH=embedded|postgres|postgres-5000 runs some cases only; BENCH_CPU_PROF=<dir>
// has the server write a CPU profile; BENCH_POSTGRES_URL names the PostgreSQL server (decision 0055).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { and, eq, ne, sql } from 'drizzle-orm'
import pg from 'pg'
import { createGraphQLConnection } from '#client/lib/graphql.ts'
import { HoldTicketsMutation } from '#client/features/tickets/graphql/tickets.queries.ts'
import { ConfirmTicketOrderMutation } from '#client/features/tickets/graphql/ticket-holder.queries.ts'
import { openDb, pgliteDir } from '#server/db/client.ts'
import { events, ticketOrders, ticketSales, ticketTypes } from '#server/db/schema/index.ts'
import { DEMO_PASSWORD } from '#server/demo/demo.ts'
import { startServerProcess, type ServerProcess } from '#server/testing/processes.ts'
import { traceRush } from './rush-trace.ts'

type Record_ = (name: string, value: string) => void

interface Rush {
  buyers: number
  tickets: number
  inFlight: number
  /** Issue 32's targets: p99 per buyer; a sold-out answer's p99 where one is set. */
  target: { perBuyerP99: number; soldOutP99?: number }
}

/** Issue 32: the side load's p99 during the rush. */
const SIDE_TARGET_MS = 100
const verdict = (value: number, target: number) => `${value <= target ? 'ok' : 'OVER'} ≤ ${target} ms`

/** Anonymous readers of the shop and the listings during the rush (issue 32). */
const SIDE_CONNECTIONS = 50
const SLUG = 'ten-oclock-release'
const ROOT = path.resolve(import.meta.dirname, '..')
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const percentile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)]!
const ms = (n: number) => `${Math.round(n)} ms`

/** Signed in as the demo society's superadmin: a bearer token, as the admin area holds one. */
async function staffToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'superadmin@stagedoor.test', password: DEMO_PASSWORD }),
  })
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const token = (await (await fetch(`${url}/api/auth/token`, { headers: { cookie } })).json()) as {
    token: string
  }
  return token.token
}

async function staffGql<T>(url: string, token: string, query: string, variables: object): Promise<T> {
  const res = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  })
  const body = (await res.json()) as { data?: T; errors?: unknown }
  if (!res.ok || body.errors || !body.data) throw new Error(`set-up failed: ${JSON.stringify(body)}`)
  return body.data
}

/** A public concert a month away and its sale: one type, `tickets` of them, one per buyer. */
async function openSale(url: string, tickets: number): Promise<string> {
  const token = await staffToken(url)
  const start = Date.now() + 30 * 86_400_000
  await staffGql(url, token, 'mutation ($input: EventInput!) { createEvent(input: $input) { id } }', {
    input: {
      slug: SLUG,
      type: 'CONCERT',
      title: 'The Ten O’Clock Release',
      venue: 'Great Hall',
      visibility: 'public',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 7_200_000).toISOString(),
    },
  })
  const data = await staffGql<{ setUpTicketSale: { types: { id: string }[] } }>(
    url,
    token,
    'mutation ($e: String!, $input: TicketSaleInput!) { setUpTicketSale(eventSlug: $e, input: $input) { types { id } } }',
    {
      e: SLUG,
      input: {
        capacity: tickets,
        published: true,
        addTypes: [
          {
            name: 'Adult',
            pricePence: 1000,
            quota: tickets,
            perPersonLimit: 1,
            audience: 'PUBLIC',
            mode: 'FIRST_COME',
          },
        ],
      },
    },
  )
  return data.setUpTicketSale.types[0]!.id
}

/** Buyer i's own address: 10.x.y.z, distinct for up to 16 million buyers. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

type Outcome = 'sold' | 'sold out' | 'error'

/**
 * One buyer, as the shop page: a fresh browser (the app's GraphQL client, its cache empty, no
 * session), the basket held, then the names and "pay at the door" given.
 */
async function buyer(
  url: string,
  typeId: string,
  i: number,
): Promise<{ outcome: Outcome; detail?: string; holdMs?: number }> {
  const address = addressOf(i)
  const connection = createGraphQLConnection({
    url: `${url}/api/graphql`,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers)
      headers.set('x-forwarded-for', address)
      return fetch(input, { ...init, headers })
    },
  })
  try {
    const { client } = connection
    const started = performance.now()
    const held = await client
      .mutation(HoldTicketsMutation, {
        eventSlug: SLUG,
        lines: [{ ticketTypeId: typeId, quantity: 1 }],
        email: `buyer${i}@bench.test`,
        previousClaimToken: null,
        voucherCode: null,
      })
      .toPromise()
    const holdMs = performance.now() - started
    if (held.error || !held.data) {
      const code = held.error?.graphQLErrors[0]?.extensions?.code
      // Sold out: the shop's refusal in words ("Adult is sold out.", "the last … have just gone").
      if (code === 'CONFLICT') return { outcome: 'sold out', holdMs }
      return { outcome: 'error', detail: held.error?.message ?? 'no data' }
    }
    const confirmed = await client
      .mutation(ConfirmTicketOrderMutation, {
        claimToken: held.data.holdTickets.claimToken,
        buyerName: `Buyer ${i}`,
        attendeeNames: [`Buyer ${i}`],
        payment: 'PAY_AT_DOOR',
      })
      .toPromise()
    if (confirmed.error || !confirmed.data) {
      return { outcome: 'error', detail: confirmed.error?.message ?? 'no data' }
    }
    return { outcome: 'sold', holdMs }
  } finally {
    connection.dispose()
  }
}

interface SideLoad {
  stop(): Promise<string>
}

/** 25 connections on each page, until stopped: p99 and how many answers were not 2xx. */
function sideLoad(url: string): SideLoad {
  const pages = [`/${SLUG}/ticket-sales`, '/listings']
  // NOTE: without a callback autocannon answers a promise that is also the instance (`stop()`).
  const runs = pages.map(
    (page) =>
      autocannon({
        url: `${url}${page}`,
        connections: SIDE_CONNECTIONS / pages.length,
        duration: 600,
      }) as Promise<autocannon.Result> & { stop(): void },
  )
  return {
    async stop() {
      for (const run of runs) run.stop()
      const results = await Promise.all(runs)
      return results
        .map(
          (r, k) =>
            `GET ${pages[k]} p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (${verdict(r.latency.p99, SIDE_TARGET_MS)}; ${r.requests.total} requests, ${r.errors + r.non2xx} failed)`,
        )
        .join('; ')
    },
  }
}

/** A lone anonymous `{ __typename }` POST, 100 times, before the rush: how fast this machine is now. */
async function bareRequestP50(url: string): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 120; i++) {
    const t = performance.now()
    const res = await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    })
    await res.arrayBuffer()
    if (i >= 20) times.push(performance.now() - t)
  }
  return percentile(
    times.sort((a, b) => a - b),
    0.5,
  )
}

/** What the database says after the rush: orders kept (not cancelled) and the stock counters. */
async function soldInDatabase(
  open: () => Promise<Awaited<ReturnType<typeof openDb>>>,
): Promise<{ ordered: number; typeTaken: number; saleTaken: number }> {
  const handle = await open()
  try {
    const { db } = handle
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.slug, SLUG))
    const [orders] = await db
      .select({ n: sql<number>`coalesce(sum(${ticketOrders.quantity}), 0)::int` })
      .from(ticketOrders)
      .where(and(eq(ticketOrders.eventId, event!.id), ne(ticketOrders.status, 'CANCELLED')))
    const [type] = await db.select().from(ticketTypes).where(eq(ticketTypes.eventId, event!.id))
    const [sale] = await db.select().from(ticketSales).where(eq(ticketSales.eventId, event!.id))
    return { ordered: Number(orders!.n), typeTaken: type!.taken, saleTaken: sale!.taken }
  } finally {
    await handle.close()
  }
}

async function rush(
  record: Record_,
  engine: string,
  r: Rush,
  env: Record<string, string>,
  open: () => Promise<Awaited<ReturnType<typeof openDb>>>,
) {
  // A fresh demo instance (demo mode on, as a new install's first start), behind a proxy.
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile of the run there when it stops.
  const profile = process.env.BENCH_CPU_PROF
  const server: ServerProcess = await startServerProcess(
    {
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ...(profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` } : {}),
      ...env,
    },
    180_000,
  )
  const label = `${engine}, ${r.buyers.toLocaleString('en-GB')} buyers / ${r.tickets.toLocaleString('en-GB')} tickets, ${r.inFlight} in flight`
  let stopped = false
  try {
    const typeId = await openSale(server.url, r.tickets)
    const bare = await bareRequestP50(server.url)
    const side = sideLoad(server.url)
    // The side load's connections open before the first buyer.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const perBuyer: number[] = []
    const soldOut: number[] = []
    /** Each buyer: when it started (from the first), how long in all and in its hold, and how it ended. */
    const timeline: { at: number; took: number; holdMs: number; outcome: Outcome }[] = []
    const counts = { sold: 0, 'sold out': 0, error: 0 }
    const details: string[] = []
    let next = 0
    const started = performance.now()
    const trace = traceRush(started, env.DATABASE_URL)
    const lane = async () => {
      while (next < r.buyers) {
        const i = next++
        const t = performance.now()
        let result: Awaited<ReturnType<typeof buyer>>
        try {
          result = await buyer(server.url, typeId, i)
        } catch (error) {
          result = { outcome: 'error', detail: String(error) }
        }
        const took = performance.now() - t
        perBuyer.push(took)
        timeline.push({ at: t - started, took, holdMs: result.holdMs ?? took, outcome: result.outcome })
        if (result.outcome === 'sold out') soldOut.push(took)
        counts[result.outcome]++
        if (result.detail && details.length < 3) details.push(result.detail)
      }
    }
    await Promise.all(Array.from({ length: r.inFlight }, lane))
    const wall = performance.now() - started
    const traced = await trace.stop()
    const sideLine = await side.stop()
    await server.stop()
    stopped = true
    const db = await soldInDatabase(open)
    const oversold = Math.max(0, db.ordered - r.tickets, db.typeTaken - r.tickets, db.saleTaken - r.tickets)
    // Every buyer told "sold" has an order in the database, and no order is unaccounted for.
    const mismatch = db.ordered !== counts.sold ? 1 : 0
    perBuyer.sort((a, b) => a - b)
    soldOut.sort((a, b) => a - b)
    const p99 = percentile(perBuyer, 0.99)
    const soldOutP99 = percentile(soldOut, 0.99)
    const soldOutTarget = r.target.soldOutP99
    record(
      `ticket rush over HTTP (UI's HoldTickets + ConfirmTicketOrder), ${label}`,
      `sold ${counts.sold}, oversold ${oversold}, errors ${counts.error + mismatch}; per buyer p50 ${ms(percentile(perBuyer, 0.5))}, p99 ${ms(p99)} (${verdict(p99, r.target.perBuyerP99)}); ` +
        `sold-out answer p50 ${ms(percentile(soldOut, 0.5))}, p99 ${ms(soldOutP99)}${soldOutTarget ? ` (${verdict(soldOutP99, soldOutTarget)})` : ''} over ${soldOut.length} answers; wall ${ms(wall)}` +
        `${details.length ? `; first errors: ${details.join(' | ')}` : ''}`,
    )
    // Where the slowest buyers were: when they started, and how much of their time was the hold.
    const slowest = [...timeline].sort((a, b) => b.took - a.took).slice(0, Math.ceil(timeline.length / 100))
    record(
      `slowest 1 % of buyers in that rush, ${engine}`,
      slowest
        .slice(0, 5)
        .map((b) => `${b.outcome} started at ${ms(b.at)}, ${ms(b.took)} (hold ${ms(b.holdMs)})`)
        .join('; '),
    )
    record(
      `side load during that rush, ${engine}, ${SIDE_CONNECTIONS} connections (target p99 ≤ ${SIDE_TARGET_MS} ms)`,
      sideLine,
    )
    record(`bench process's own event loop delay during that rush, ${engine}`, traced.bench)
    if (traced.database) record(`PostgreSQL during that rush`, traced.database)
    record(
      `machine during that rush, ${engine}`,
      `lone { __typename } POST p50 ${bare.toFixed(1)} ms just before; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores; database after: ${db.ordered} ordered, type taken ${db.typeTaken}, sale taken ${db.saleTaken}`,
    )
  } finally {
    if (!stopped) await server.stop()
  }
}

/** The pages the side load reads are the built client's: build it once if it is not there. */
function ensureClientBuilt() {
  if (existsSync(path.join(ROOT, 'dist/client/index.html'))) return
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  })
}

/** The rush on the embedded database (durable commits, the default) and on fresh PostgreSQL databases. */
export async function ticketSpike(record: Record_): Promise<void> {
  ensureClientBuilt()
  // BENCH_RUSH=embedded|postgres|postgres-5000 runs that case alone (while working on one).
  const only = process.env.BENCH_RUSH
  const wanted = (name: string) => !only || only.split(',').includes(name)
  if (wanted('embedded')) await embeddedRush(record)
  if (!wanted('postgres') && !wanted('postgres-5000')) return
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  try {
    await admin.connect()
  } catch {
    record('ticket rush on PostgreSQL', `skipped: no PostgreSQL at ${POSTGRES_ADMIN_URL}`)
    return
  }
  try {
    for (const [name, r] of [
      [
        'postgres',
        { buyers: 1000, tickets: 200, inFlight: 100, target: { perBuyerP99: 500, soldOutP99: 50 } },
      ],
      ['postgres-5000', { buyers: 5000, tickets: 1000, inFlight: 200, target: { perBuyerP99: 1000 } }],
    ] as const) {
      if (!wanted(name)) continue
      const database = `stagedoor_rush_bench_${process.pid}`
      const pgDataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-rush-pg-'))
      const url = new URL(POSTGRES_ADMIN_URL)
      url.pathname = `/${database}`
      try {
        await admin.query(`create database ${database}`)
        await rush(record, 'PostgreSQL', r, { DATA_DIR: pgDataDir, DATABASE_URL: url.toString() }, () =>
          openDb({ databaseUrl: url.toString(), poolSize: 2 }),
        )
      } finally {
        await admin.query(`drop database if exists ${database} with (force)`)
        rmSync(pgDataDir, { recursive: true, force: true })
      }
    }
  } finally {
    await admin.end()
  }
}

async function embeddedRush(record: Record_) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-rush-'))
  try {
    await rush(
      record,
      'embedded (durable commits)',
      { buyers: 1000, tickets: 200, inFlight: 100, target: { perBuyerP99: 1500, soldOutP99: 50 } },
      { DATA_DIR: dataDir, EMBEDDED_DURABLE_COMMITS: 'true' },
      () => openDb({ dataDir: pgliteDir(dataDir) }),
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
