import type { Services } from '#server/services.ts'
import { offerLapsedPlaces } from './lapsed-places.ts'
import { ANY_PAYLOAD } from '#server/jobs/queue.ts'

/** The daily job that offers places lapsed for a missed payment deadline to the waitlist. */
export const LAPSED_PLACES_JOB = 'operations.lapsed-places'
const DAY_MS = 86_400_000
/** Runs at 06:00 UTC: after a due date's end of day (23:59:59 UTC) has passed. */
const RUN_AT_MS = 6 * 3_600_000

/**
 * Queue the next check for the first 06:00 UTC after now (and after `after`: the run in progress).
 * The key names that moment, so every process and restart asking gets one job between them.
 */
export async function queueLapsedPlaces(services: Services, after?: Date): Promise<void> {
  const now = Math.max(services.clock().getTime(), after?.getTime() ?? 0)
  let next = Math.floor(now / DAY_MS) * DAY_MS + RUN_AT_MS
  if (next <= now) next += DAY_MS
  const runAt = new Date(next)
  await services.queue.enqueue(
    LAPSED_PLACES_JOB,
    {},
    { runAt, singletonKey: `${LAPSED_PLACES_JOB}:${runAt.toISOString()}` },
  )
}

export function registerOperationsJobs(services: Services): void {
  services.queue.register(LAPSED_PLACES_JOB, ANY_PAYLOAD, async (_payload, { job }) => {
    await offerLapsedPlaces(services, `job:${LAPSED_PLACES_JOB}:${job.runAt.toISOString()}`)
    await queueLapsedPlaces(services, job.runAt)
  })
}
