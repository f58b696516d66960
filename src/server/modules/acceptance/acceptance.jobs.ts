import { systemContext } from '#server/context.ts'
import { OFFER_EXPIRY_JOB } from '#server/modules/applications/change-status.ts'
import type { Services } from '#server/services.ts'
import { expireOffer } from './expire-offer.ts'

/** The acceptance jobs: expiring an unanswered offer at its `offerExpiresAt` (queued by `changeStatus`). */
export function registerAcceptanceJobs(services: Services): void {
  services.queue.register<{ applicationId: string }>(OFFER_EXPIRY_JOB, async ({ applicationId }) => {
    await expireOffer(systemContext(services, `job:${OFFER_EXPIRY_JOB}:${applicationId}`), applicationId)
  })
}
