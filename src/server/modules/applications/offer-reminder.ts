import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { z } from 'zod'

/** The durable job that reminds a member of an unanswered offer 24 h before it lapses (`acceptance/remind-offer.ts`). */
export const OFFER_REMINDER_JOB = 'application.remind-offer'
export const offerReminderKey = (applicationId: string) => `offer-reminder:${applicationId}`
/** How long before an offer lapses the member is reminded. */
export const OFFER_REMINDER_BEFORE_MS = 24 * 3_600_000

/** The stored payload of the reminder job. */
export const offerReminderJob = z.object({
  applicationId: z.string(),
  /** The expiry the reminder is for: a re-offer with another expiry makes this job a no-op. */
  offerExpiresAt: z.string(),
})
export type OfferReminderJob = z.infer<typeof offerReminderJob>

/**
 * Schedule the reminder at expiry − 24 h, in the transaction that made the offer. An offer that
 * lapses within 24 h gets none: its own email already says when it lapses.
 */
export async function scheduleOfferReminder(
  ctx: RequestContext,
  tx: Tx,
  applicationId: string,
  offerExpiresAt: Date,
): Promise<void> {
  const runAt = new Date(offerExpiresAt.getTime() - OFFER_REMINDER_BEFORE_MS)
  if (runAt.getTime() <= ctx.now().getTime()) return
  const job: OfferReminderJob = { applicationId, offerExpiresAt: offerExpiresAt.toISOString() }
  await ctx.services.queue.enqueue(OFFER_REMINDER_JOB, job, {
    runAt,
    singletonKey: offerReminderKey(applicationId),
    tx,
  })
}

/** Drop a pending reminder (the offer was answered, withdrawn, expired or re-offered). */
export async function cancelOfferReminder(ctx: RequestContext, tx: Tx, applicationId: string): Promise<void> {
  await ctx.services.queue.cancel(offerReminderKey(applicationId), tx)
}
