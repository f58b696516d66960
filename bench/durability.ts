// The cost of durable commits on the embedded database (decision 0026): the same write load with
// `EMBEDDED_DURABLE_COMMITS` off and on, back to back, several alternations; medians are reported
// because the machine is shared.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config/env.ts'
import { createUser } from '#server/testing/factories.ts'

type Record_ = (name: string, value: string) => void

interface Round {
  perSecond: number
  p50: number
  p99: number
  seqP50: number
  seqP99: number
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

const DAY = 86_400_000
let serial = 0
const eventBody = () =>
  JSON.stringify({
    query: 'mutation ($input: EventInput!) { createEvent(input: $input) { id } }',
    variables: {
      input: {
        slug: `bench-${process.pid}-${serial++}`,
        type: 'CONCERT',
        title: 'Bench Concert',
        venue: 'Great Hall',
        startDate: new Date(Date.now() + 30 * DAY).toISOString(),
        endDate: new Date(Date.now() + 30 * DAY + 3_600_000).toISOString(),
      },
    },
  })

async function round(durable: boolean): Promise<Round> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-durable-'))
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_MODE: 'false',
      EMBEDDED_DURABLE_COMMITS: String(durable),
    }),
    { startJobs: false },
  )
  try {
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const admin = await createUser(app, { roles: ['sitrMD'] })
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` }
    // One writer at a time: the latency a member sees when nobody else is writing.
    const seq: number[] = []
    for (let i = 0; i < 150; i++) {
      const t = performance.now()
      const res = await fetch(`${url}/api/graphql`, { method: 'POST', headers, body: eventBody() })
      if (!res.ok) throw new Error(`createEvent answered ${res.status}: ${await res.text()}`)
      seq.push(performance.now() - t)
    }
    seq.sort((a, b) => a - b)
    // Twenty writers at once: the throughput of the write path.
    const result = await autocannon({
      url: `${url}/api/graphql`,
      method: 'POST',
      headers,
      connections: 20,
      duration: 6,
      requests: [{ setupRequest: (req) => ({ ...req, body: eventBody() }) }],
    })
    if (result.errors + result.non2xx > 0) throw new Error(`${result.errors + result.non2xx} failed writes`)
    return {
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      seqP50: seq[Math.floor(seq.length / 2)]!,
      seqP99: seq[Math.floor(seq.length * 0.99)]!,
    }
  } finally {
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function durabilityCompare(record: Record_, alternations = 3) {
  const off: Round[] = []
  const on: Round[] = []
  for (let i = 0; i < alternations; i++) {
    off.push(await round(false))
    on.push(await round(true))
  }
  const show = (label: string, rounds: Round[]) => {
    record(
      `createEvent over HTTP, embedded, durable commits ${label}, 20 connections (median of ${rounds.length})`,
      `${Math.round(median(rounds.map((r) => r.perSecond)))} req/s (rounds ${rounds.map((r) => Math.round(r.perSecond)).join(', ')}), p50 ${median(rounds.map((r) => r.p50))} ms, p99 ${median(rounds.map((r) => r.p99))} ms`,
    )
    record(
      `createEvent over HTTP, embedded, durable commits ${label}, one writer (median of ${rounds.length})`,
      `p50 ${median(rounds.map((r) => r.seqP50)).toFixed(1)} ms, p99 ${median(rounds.map((r) => r.seqP99)).toFixed(1)} ms`,
    )
  }
  show('off', off)
  show('on', on)
  const ratio = median(off.map((r) => r.perSecond)) / median(on.map((r) => r.perSecond))
  record('durable commits slowdown (write throughput off ÷ on)', `${ratio.toFixed(2)}×`)
}

/** The engine alone: one-row transactions back to back, no HTTP, no GraphQL. */
async function commitRound(durable: boolean) {
  const { openDb } = await import('#server/db/client.ts')
  const { sql } = await import('drizzle-orm')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-commit-'))
  const handle = await openDb({ dataDir, durableCommits: durable })
  try {
    await handle.db.execute(sql`create table bench_commit (id serial primary key, body text)`)
    const lat: number[] = []
    const t0 = performance.now()
    for (let i = 0; i < 300; i++) {
      const t = performance.now()
      await handle.db.transaction((tx) =>
        tx.execute(sql`insert into bench_commit (body) values (${'x'.repeat(200)})`),
      )
      lat.push(performance.now() - t)
    }
    const perSecond = (300 / (performance.now() - t0)) * 1000
    lat.sort((a, b) => a - b)
    return { perSecond, p50: lat[150]!, p99: lat[297]! }
  } finally {
    await handle.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function commitCompare(record: Record_, alternations = 5) {
  const off: Awaited<ReturnType<typeof commitRound>>[] = []
  const on: typeof off = []
  for (let i = 0; i < alternations; i++) {
    off.push(await commitRound(false))
    on.push(await commitRound(true))
  }
  for (const [label, rounds] of [
    ['off', off],
    ['on', on],
  ] as const) {
    record(
      `one-row commits back to back, embedded, durable commits ${label} (median of ${rounds.length})`,
      `${Math.round(median(rounds.map((r) => r.perSecond)))} commits/s, p50 ${median(rounds.map((r) => r.p50)).toFixed(2)} ms, p99 ${median(rounds.map((r) => r.p99)).toFixed(2)} ms`,
    )
  }
}
