import type { Services } from '#server/services.ts'
import { sweepIdempotencyKeys } from './idempotency.ts'
import { ANY_PAYLOAD } from '#server/jobs/queue.ts'

/** The hourly job that forgets idempotency keys older than 24 hours (decision 0026). */
export const IDEMPOTENCY_SWEEP_JOB = 'idempotency.sweep'
const SWEEP_EVERY_MS = 3_600_000

/**
 * Queue the next sweep at the top of the next hour. The key names the hour, so every process (and
 * every restart) asking for the same hour's sweep gets one job between them.
 */
export async function queueIdempotencySweep(services: Services): Promise<void> {
  const next = new Date(Math.floor(services.clock().getTime() / SWEEP_EVERY_MS + 1) * SWEEP_EVERY_MS)
  await services.queue.enqueue(
    IDEMPOTENCY_SWEEP_JOB,
    {},
    { runAt: next, singletonKey: `${IDEMPOTENCY_SWEEP_JOB}:${next.toISOString()}` },
  )
}

export function registerIdempotencyJobs(services: Services): void {
  services.queue.register(IDEMPOTENCY_SWEEP_JOB, ANY_PAYLOAD, async () => {
    await sweepIdempotencyKeys(services)
    await queueIdempotencySweep(services)
  })
}
