// `npm run bench`: start-up time, GraphQL throughput and job-queue drain rate on this machine.
// Figures are printed as a table; record notable ones in docs/decisions when they drive a choice.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { openDb, migrateDb } from '#server/db/client.ts'
import { JobQueue } from '#server/jobs/queue.ts'
import { startServerProcess } from '#server/testing/processes.ts'

const results: { name: string; value: string }[] = []
const record = (name: string, value: string) => {
  results.push({ name, value })
  console.log(`${name}: ${value}`)
}

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
  queue.register('noop', async () => {
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

const { server, dataDir } = await startup()
try {
  await graphqlThroughput(server.url)
  const rss = Number(
    (await import('node:child_process')).execSync(`ps -o rss= -p ${server.child.pid}`).toString().trim(),
  )
  record('server resident memory after load', `${Math.round(rss / 1024)} MiB`)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
await jobDrain()
console.log('\n| measure | result |\n|---|---|')
for (const r of results) console.log(`| ${r.name} | ${r.value} |`)
