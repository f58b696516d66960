import { registerAcceptanceJobs } from '#server/modules/acceptance/acceptance.jobs.ts'
import { registerEventsJobs } from '#server/modules/events/events.jobs.ts'
import { registerMailingListJobs } from '#server/modules/mailing-lists/mailing-lists.jobs.ts'
import { registerUsersJobs } from '#server/modules/users/users.jobs.ts'
import { registerTicketJobs } from '#server/modules/tickets/tickets.jobs.ts'
import { settleLapsedTicketCheckouts } from '#server/modules/card-payments/ticket-checkout-status.ts'
import { registerIdempotencyJobs } from '#server/modules/idempotency/idempotency.jobs.ts'
import { registerUploadSweepJob } from './upload-sweep.ts'
import { registerOperationsJobs } from '#server/modules/operations/operations.jobs.ts'
import { registerPushJobs } from '#server/modules/push/send-push.ts'
import { registerSettingsJobs } from '#server/modules/settings/settings.jobs.ts'
import type { Services } from '#server/services.ts'

/**
 * The one place that registers every module's durable job handlers (as `graphql/schema.ts` is for
 * types): each module exports `register<Concept>Jobs(services)` from its `<concept>.jobs.ts`.
 */
export function registerJobHandlers(services: Services): void {
  registerAcceptanceJobs(services)
  registerEventsJobs(services)
  registerMailingListJobs(services)
  registerUsersJobs(services)
  registerIdempotencyJobs(services)
  // A held order's card checkout past its time is settled from Stripe's word before release (0054).
  registerTicketJobs(services, { beforeRelease: settleLapsedTicketCheckouts })
  registerUploadSweepJob(services)
  registerPushJobs(services)
  registerOperationsJobs(services)
  registerSettingsJobs(services)
}
