import type { DbHandle } from './client.ts'

/**
 * The one line a production start logs on the embedded database: which engine, what a commit
 * survives, and when to choose PostgreSQL instead (README, Production). Null on PostgreSQL.
 */
export function embeddedDurabilityNotice(handle: DbHandle): string | null {
  if (handle.kind !== 'pglite') return null
  return handle.durableCommits
    ? 'Database: embedded PGlite, durable commits on (EMBEDDED_DURABLE_COMMITS=true): an acknowledged write survives a process crash and a power cut. One process only, no replication, no point-in-time recovery: set DATABASE_URL to use PostgreSQL for those.'
    : 'Database: embedded PGlite, durable commits OFF (EMBEDDED_DURABLE_COMMITS=false): a process crash loses nothing, but a power cut or machine crash can lose acknowledged writes. Set EMBEDDED_DURABLE_COMMITS=true, or DATABASE_URL to use PostgreSQL.'
}
