// What the ticket rush waits on (issue 32), watched from outside the server so the server runs as it
// always does: the bench process's own event loop (a busy bench delays its own clock readings), and
// on PostgreSQL what the rush database's connections are doing every 50 ms: waiting for a lock (a row
// another transaction holds), idle inside a transaction (waiting for the server to send its next
// statement: the server's own event loop), or running a statement.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import pg from 'pg'

const SAMPLE_MS = 50
/** The timeline's buckets: the first seconds of the rush, where the slowest buyers are. */
const BUCKET_MS = 1_000
const BUCKETS = 8

interface Sample {
  at: number
  lockWaits: number
  idleInTx: number
  active: number
}

export interface RushTrace {
  /** Stop watching; one line for the bench process and, on PostgreSQL, one for the database. */
  stop(): Promise<{ bench: string; database?: string }>
}

const ms = (ns: number) => `${(ns / 1e6).toFixed(0)} ms`

/** Watch from `started` (performance.now()) on; `databaseUrl` when the rush runs on PostgreSQL. */
export function traceRush(started: number, databaseUrl?: string): RushTrace {
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  const samples: Sample[] = []
  let running = true
  const watching = databaseUrl ? watchDatabase(databaseUrl, started, samples, () => running) : null
  return {
    async stop() {
      running = false
      loop.disable()
      await watching
      const bench = `p50 ${ms(loop.percentile(50))}, p99 ${ms(loop.percentile(99))}, max ${ms(loop.max)}`
      return databaseUrl ? { bench, database: describeSamples(samples) } : { bench }
    },
  }
}

async function watchDatabase(
  url: string,
  started: number,
  samples: Sample[],
  running: () => boolean,
): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    while (running()) {
      const { rows } = await client.query<{ lock_waits: number; idle_in_tx: number; active: number }>(
        `select count(*) filter (where wait_event_type = 'Lock')::int as lock_waits,
                count(*) filter (where state like 'idle in transaction%')::int as idle_in_tx,
                count(*) filter (where state = 'active' and coalesce(wait_event_type, '') <> 'Lock')::int as active
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      )
      const row = rows[0]!
      samples.push({
        at: performance.now() - started,
        lockWaits: row.lock_waits,
        idleInTx: row.idle_in_tx,
        active: row.active,
      })
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS))
    }
  } finally {
    await client.end()
  }
}

/** Per second of the rush: the mean and the most of each state among the server's connections. */
function describeSamples(samples: readonly Sample[]): string {
  const parts: string[] = []
  for (let b = 0; b < BUCKETS; b++) {
    const inBucket = samples.filter((s) => s.at >= b * BUCKET_MS && s.at < (b + 1) * BUCKET_MS)
    if (inBucket.length === 0) break
    const stat = (key: keyof Omit<Sample, 'at'>) => {
      const values = inBucket.map((s) => s[key])
      const mean = values.reduce((a, v) => a + v, 0) / values.length
      return `${mean.toFixed(1)}/${Math.max(...values)}`
    }
    parts.push(
      `${b}–${b + 1} s: lock waits ${stat('lockWaits')}, idle in transaction ${stat('idleInTx')}, running ${stat('active')}`,
    )
  }
  return `connections (mean/most per second): ${parts.join('; ')}`
}
