import { sql } from 'drizzle-orm'
import { executeRows } from '#server/db/client.ts'
import {
  applicationDrafts,
  applications,
  eventAttachments,
  events,
  learningTracks,
  users,
} from '#server/db/schema/index.ts'
import type { Services } from '#server/services.ts'
import { ANY_PAYLOAD } from './queue.ts'

/** The daily job that removes uploads nothing refers to and half-written files (issue 17). */
export const UPLOAD_SWEEP_JOB = 'uploads.sweep'
const DAY_MS = 86_400_000
/** An upload nothing refers to is kept this long: a member may still be filling in the form. */
export const UNATTACHED_UPLOAD_TTL_MS = DAY_MS
/** A file in `uploads/.tmp` this old is left over from a crash or a broken upload. */
export const STALE_TEMP_TTL_MS = 3_600_000
/** Uploads live under this prefix (`POST /api/files` names them `uploads/<purpose>/<uuid>-<name>`). */
const UPLOAD_PREFIX = 'uploads/'
const PAGE = 500
const CHECK_BATCH = 200

export interface UploadSweepResult {
  /** Uploads older than a day that nothing refers to, removed. */
  unattached: number
  /** Half-written files removed. */
  temporary: number
}

/**
 * Of these keys, the ones something in the database refers to. Every place that stores an upload's
 * key is listed here: a new one must be added, or the sweep deletes its files after a day.
 */
export async function referencedKeys(services: Services, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set()
  const values = sql.join(
    keys.map((key) => sql`(${key})`),
    sql`, `,
  )
  const rows = await executeRows<{ key: string }>(
    services.db,
    sql`select c.key from (values ${values}) as c(key) where
      exists (select 1 from ${events} where ${events.imageKey} = c.key
                or position(c.key in ${events.eventConfig}::text) > 0)
      or exists (select 1 from ${learningTracks} where ${learningTracks.fileKey} = c.key)
      or exists (select 1 from ${eventAttachments} where ${eventAttachments.fileKey} = c.key)
      or exists (select 1 from ${applications} where position(c.key in ${applications.answers}::text) > 0)
      or exists (select 1 from ${applicationDrafts} where position(c.key in ${applicationDrafts.data}::text) > 0)
      or exists (select 1 from ${users} where position(c.key in coalesce(${users.image}, '')) > 0)`,
  )
  return new Set(rows.map((row) => row.key))
}

/** Remove unattached uploads older than a day and stale half-written files. */
export async function sweepUploads(services: Services): Promise<UploadSweepResult> {
  const now = services.clock().getTime()
  const cutoff = now - UNATTACHED_UPLOAD_TTL_MS
  const { storage } = services
  const old: string[] = []
  for (let offset = 0; ; offset += PAGE) {
    const page = await storage.list({
      prefix: UPLOAD_PREFIX,
      limit: PAGE,
      offset,
      sortBy: { column: 'name', order: 'asc' },
    })
    for (const object of page) if (object.updatedAt.getTime() < cutoff) old.push(object.key)
    if (page.length < PAGE) break
  }
  let unattached = 0
  for (let i = 0; i < old.length; i += CHECK_BATCH) {
    const batch = old.slice(i, i + CHECK_BATCH)
    const kept = await referencedKeys(services, batch)
    for (const key of batch) {
      if (kept.has(key)) continue
      await storage.delete(key)
      unattached++
    }
  }
  const temporary = (await storage.sweepTemporary?.(new Date(now - STALE_TEMP_TTL_MS))) ?? 0
  return { unattached, temporary }
}

/**
 * Queue the next sweep for the first 03:00 UTC after now (and after `after`: the sweep that is
 * running, so it never queues itself again). The key names that moment, so every process (and
 * restart) asking gets one job between them.
 */
export async function queueUploadSweep(services: Services, after?: Date): Promise<void> {
  const now = Math.max(services.clock().getTime(), after?.getTime() ?? 0)
  let next = Math.floor(now / DAY_MS) * DAY_MS + 3 * 3_600_000
  if (next <= now) next += DAY_MS
  const runAt = new Date(next)
  await services.queue.enqueue(
    UPLOAD_SWEEP_JOB,
    {},
    { runAt, singletonKey: `${UPLOAD_SWEEP_JOB}:${runAt.toISOString()}` },
  )
}

export function registerUploadSweepJob(services: Services): void {
  services.queue.register(UPLOAD_SWEEP_JOB, ANY_PAYLOAD, async (_payload, { job }) => {
    await sweepUploads(services)
    await queueUploadSweep(services, job.runAt)
  })
}
