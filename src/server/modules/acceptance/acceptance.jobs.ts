import { systemContext } from '#server/context.ts'
import { OFFER_EXPIRY_JOB } from '#server/modules/applications/change-status.ts'
import { OFFER_REMINDER_JOB, offerReminderJob } from '#server/modules/applications/offer-reminder.ts'
import type { Services } from '#server/services.ts'
import { expireOffer } from './expire-offer.ts'
import { remindOffer } from './remind-offer.ts'
import { z } from 'zod'

/**
 * The acceptance jobs (queued by `changeStatus`): expiring an unanswered offer at its
 * `offerExpiresAt`, and reminding the member 24 h before.
 */
export function registerAcceptanceJobs(services: Services): void {
  services.queue.register(
    OFFER_EXPIRY_JOB,
    z.object({ applicationId: z.string() }),
    async ({ applicationId }) => {
      await expireOffer(systemContext(services, `job:${OFFER_EXPIRY_JOB}:${applicationId}`), applicationId)
    },
  )
  services.queue.register(OFFER_REMINDER_JOB, offerReminderJob, async (job) => {
    await remindOffer(systemContext(services, `job:${OFFER_REMINDER_JOB}:${job.applicationId}`), job)
  })
}
