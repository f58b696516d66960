// `npm run bench`: start-up time, GraphQL throughput and job-queue drain rate on this machine.
// Figures are printed as a table; record notable ones in docs/decisions when they drive a choice.
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { openDb, migrateDb } from '#server/db/client.ts'
import { ANY_PAYLOAD, JobQueue } from '#server/jobs/queue.ts'
import { applicationReviews, applications, events, profiles, users } from '#server/db/schema/index.ts'
import { loadConfig } from '#server/config/env.ts'
import { requestContext } from '#server/context.ts'
import { castingNeighbours } from '#server/modules/casting/casting-neighbours.ts'
import {
  listCastingApplications,
  type CastingListInput,
} from '#server/modules/casting/list-casting-applications.ts'
import { createServices } from '#server/services.ts'
import { buildServer, startServerProcess } from '#server/testing/processes.ts'
import { benchCases } from './registry.ts'
import { seekLatency } from './seek-latency.ts'

const results: { name: string; value: string }[] = []
const record = (name: string, value: string) => {
  results.push({ name, value })
  console.log(`${name}: ${value}`)
}

// Every case starts the server compiled, as production runs it (decision 0027): build it first.
buildServer()

async function startup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-'))
  try {
    let t = Date.now()
    const cold = await startServerProcess({ DATA_DIR: dataDir })
    record('start-up to healthy, fresh data dir (embedded)', `${Date.now() - t} ms`)
    await cold.stop()
    t = Date.now()
    const warm = await startServerProcess({ DATA_DIR: dataDir })
    record('start-up to healthy, existing data dir', `${Date.now() - t} ms`)
    return { server: warm, dataDir }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}

async function graphqlThroughput(url: string) {
  const body = JSON.stringify({
    operationName: 'Me',
    query: 'query Me { currentUser { id name roles } }',
    variables: {},
  })
  const result = await autocannon({
    url: `${url}/api/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: 20,
    duration: 10,
  })
  record(
    'GraphQL currentUser (anonymous), 20 connections',
    `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
  )
  const health = await autocannon({ url: `${url}/api/health`, connections: 20, duration: 5 })
  record(
    'GET /api/health (database ping), 20 connections',
    `${Math.round(health.requests.average)} req/s, p99 ${health.latency.p99} ms`,
  )
}

async function jobDrain() {
  const handle = await openDb({ dataDir: 'memory://' })
  await migrateDb(handle)
  const queue = new JobQueue(handle.db, { concurrency: 8 })
  let done = 0
  queue.register('noop', ANY_PAYLOAD, async () => {
    done++
  })
  const n = 1000
  let t = Date.now()
  for (let i = 0; i < n; i++) await queue.enqueue('noop', { i })
  record(`enqueue ${n} jobs (embedded)`, `${Date.now() - t} ms`)
  t = Date.now()
  while (done < n) await queue.runDue()
  record(
    `run ${n} jobs (embedded, concurrency 8)`,
    `${Date.now() - t} ms (${Math.round((n / (Date.now() - t)) * 1000)} jobs/s)`,
  )
  await handle.close()
}

/** The casting list's first page (server-side filter, sort, average score, chip counts) at 1,000 applications. */
async function castingList() {
  const handle = await openDb({ dataDir: 'memory://' })
  await migrateDb(handle)
  const { db } = handle
  const n = 1000
  const [event] = await db
    .insert(events)
    .values({
      slug: 'bench-show',
      type: 'SHOW',
      title: 'Bench Show',
      startDate: new Date(),
      endDate: new Date(),
      eventConfig: parseEventConfig({ parts: ['A', 'B'] }),
    })
    .returning()
  const reviewers = ['bench-reviewer-1', 'bench-reviewer-2', 'bench-reviewer-3']
  await db.insert(users).values(reviewers.map((id) => ({ id, email: `${id}@bench.test`, name: id })))
  const statuses = ['SUBMITTED', 'WAITLISTED', 'OFFERED', 'CONFIRMED', 'REJECTED'] as const
  for (let start = 0; start < n; start += 250) {
    const batch = Array.from({ length: 250 }, (_, k) => start + k)
    await db
      .insert(users)
      .values(batch.map((i) => ({ id: `bench-${i}`, email: `b${i}@bench.test`, name: `Member ${i}` })))
    await db
      .insert(profiles)
      .values(batch.map((i) => ({ userId: `bench-${i}`, slug: `bench-${i}`, voicePart: 'alto 1' })))
    const rows = await db
      .insert(applications)
      .values(
        batch.map((i) => ({
          eventId: event!.id,
          userId: `bench-${i}`,
          applicationType: i % 3 ? 'singer' : 'orchestra',
          slug: `bench-${i}`,
          status: statuses[i % statuses.length]!,
          part: i % 4 ? null : 'A',
          answers: { why: 'x'.repeat(400) },
        })),
      )
      .returning({ id: applications.id })
    await db
      .insert(applicationReviews)
      .values(
        rows.flatMap((r, k) =>
          reviewers
            .slice(0, k % 3)
            .map((reviewerId, j) => ({ applicationId: r.id, reviewerId, score: ((k + j) % 5) + 1 })),
        ),
      )
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-'))
  const built = await createServices(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_MODE: 'false' }),
    { dbHandle: handle, skipMigrations: true },
  )
  const ctx = requestContext(built.services, {
    actor: { id: 'bench-reviewer-1', email: '', name: '', image: null, roles: ['superAdmin'] },
    requestId: 'bench-casting',
  })
  const time = async (label: string, input: CastingListInput) => {
    await listCastingApplications(ctx, input)
    const runs = 20
    const t = performance.now()
    for (let i = 0; i < runs; i++) await listCastingApplications(ctx, input)
    record(
      `casting list first page (50) of ${n} applications, ${label} (embedded)`,
      `${((performance.now() - t) / runs).toFixed(1)} ms`,
    )
  }
  await time('default sort', { eventSlug: 'bench-show', first: 50 })
  await time('by score, desc', {
    eventSlug: 'bench-show',
    first: 50,
    sort: { field: 'SCORE', direction: 'DESC' },
  })
  await time('filtered + search', {
    eventSlug: 'bench-show',
    first: 50,
    filter: { types: ['singer'], statuses: ['SUBMITTED', 'OFFERED'], minScore: 2, search: 'member 1' },
    sort: { field: 'NAME', direction: 'ASC' },
  })
  await time('page 20 (offset 950)', { eventSlug: 'bench-show', first: 50, after: '950' })
  const t = performance.now()
  await castingNeighbours(ctx, {
    eventSlug: 'bench-show',
    slug: 'bench-500',
    sort: { field: 'SCORE', direction: 'DESC' },
  })
  record(`casting neighbours of one application among ${n}`, `${(performance.now() - t).toFixed(1)} ms`)
  await built.close()
  await handle.close()
  rmSync(dataDir, { recursive: true, force: true })
}

async function trackSeek(url: string) {
  const r = await seekLatency(url)
  record(
    'learning track (5 min WAV, 13 MB) seek → playing past the target, Chromium',
    `median ${Math.round(r.median)} ms, max ${Math.round(r.max)} ms over ${r.times.length} seeks (${r.times.map((x) => Math.round(x)).join(', ')}); ${r.partialResponses} Range (206) responses`,
  )
}

// `npm run bench -- seek` runs only the learning-track seek case, on a fresh server.
if (process.argv.includes('seek')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-'))
  const server = await startServerProcess({ DATA_DIR: dataDir })
  try {
    await trackSeek(server.url)
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  console.log('\n| measure | result |\n|---|---|')
  for (const r of results) console.log(`| ${r.name} | ${r.value} |`)
  process.exit(0)
}

// `npm run bench -- <case>` runs the named cases of bench/registry.ts only.
const named = process.argv.slice(2).filter((arg) => arg in benchCases)
if (named.length > 0) {
  for (const name of named) await benchCases[name]!(record)
  console.log('\n| measure | result |\n|---|---|')
  for (const r of results) console.log(`| ${r.name} | ${r.value} |`)
  process.exit(0)
}

// `npm run bench -- casting` runs only the casting case (the full run takes a while).
if (process.argv.includes('casting')) {
  await castingList()
  console.log('\n| measure | result |\n|---|---|')
  for (const r of results) console.log(`| ${r.name} | ${r.value} |`)
  process.exit(0)
}

const { server, dataDir } = await startup()
try {
  await graphqlThroughput(server.url)
  await trackSeek(server.url)
  const rss = Number(
    (await import('node:child_process')).execSync(`ps -o rss= -p ${server.child.pid}`).toString().trim(),
  )
  record('server resident memory after load', `${Math.round(rss / 1024)} MiB`)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
await jobDrain()
await castingList()
await benchCases['hot-path']!(record)
await benchCases['ticket-spike']!(record)
await benchCases['admin-scale']!(record)
// Rebuilds dist/ from nothing, as a production build: first-load and lcp then measure that build.
await benchCases['newcomer-start']!(record)
await benchCases['first-load']!(record)
await benchCases.lcp!(record)
console.log('\n| measure | result |\n|---|---|')
for (const r of results) console.log(`| ${r.name} | ${r.value} |`)
