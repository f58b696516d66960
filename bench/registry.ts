// The cases `npm run bench -- <name>` can run on their own. Add a case: write `bench/<name>.ts`
// exporting `(record) => Promise<void>`, and one line below. `npm run bench` with no name runs the
// default set in run.ts.
import { adminScale } from './admin-scale.ts'
import { commitCompare, durabilityCompare } from './durability.ts'
import { firstLoad } from './first-load.ts'
import { hotPath } from './hot-path.ts'
import { lcp } from './lcp.ts'
import { newcomerStart } from './newcomer-start.ts'
import { profilesBench } from './profiles.ts'
import { ticketSpike } from './ticket-spike.ts'
import { reliabilityBench } from './reliability.ts'
import { soak } from './soak.ts'

export type Record = (name: string, value: string) => void

export const benchCases: { [name: string]: (record: Record) => Promise<void> } = {
  /** Durable commits on the embedded database, off vs on (decision 0026). */
  durability: async (record) => {
    await commitCompare(record)
    await durabilityCompare(record)
  },
  /** The signed-in hot path beside a bare Fastify route, both engines, RSS (decision 0027). */
  'hot-path': hotPath,
  /** The client's first-load JavaScript, raw and gzip (needs `npm run build`). */
  'first-load': firstLoad,
  /** LCP of the member home, 4× CPU: a first visit and a returning member (needs `npm run build`). */
  lcp,
  /** A newcomer's `npm start`: no dist/, a fresh DATA_DIR, to healthy, with its phases (issue 32). */
  'newcomer-start': newcomerStart,
  /** A ticket release over HTTP, the UI's hold + confirm, both engines, with a side load (issue 32). */
  'ticket-spike': ticketSpike,
  /** The fragment document of issue 17 refused, and the session-revocation check's cost (decision 0024). */
  reliability: reliabilityBench,
  /** /admin/profiles at 5,000 members: search to results on the embedded database (issue 12). */
  profiles: profilesBench,
  /** 200 members for 5 minutes on PostgreSQL: errors, p99, RSS per minute (`--minutes`, `--members`). */
  soak,
  /** Five admin pages' main query at the scale data set, 10 connections, both engines (issue 32). */
  'admin-scale': adminScale,
}
