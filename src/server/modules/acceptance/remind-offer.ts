import { eq } from 'drizzle-orm'
import { withTx, type RequestContext } from '#server/context.ts'
import { applications } from '#server/db/schema/index.ts'
import { queueStatusEmail } from '#server/modules/email-templates/application-email.ts'
import { lockApplication } from '#server/modules/applications/update-application.ts'
import type { OfferReminderJob } from '#server/modules/applications/offer-reminder.ts'
import { queuePush } from '#server/modules/push/send-push.ts'

/**
 * Remind a member of an offer they have not answered, 24 h before it lapses (the offer-reminder
 * job): the "expires soon" email and, where they turned notifications on, a push, in one
 * transaction. Does nothing when the offer was answered or withdrawn, or its expiry changed since
 * the job was queued. Returns whether a reminder went out.
 */
export async function remindOffer(ctx: RequestContext, job: OfferReminderJob): Promise<boolean> {
  const [app] = await ctx.services.db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.id, job.applicationId))
  if (!app) return false
  return withTx(ctx, async (tx) => {
    const current = await lockApplication(tx, job.applicationId)
    if (current.status !== 'OFFERED' || !current.offerExpiresAt) return false
    if (current.offerExpiresAt.toISOString() !== job.offerExpiresAt) return false
    if (current.offerExpiresAt.getTime() <= ctx.now().getTime()) return false
    await queueStatusEmail(ctx, tx, current, 'application.offerReminder')
    await queuePush(ctx.services, tx, {
      kind: 'offers',
      userId: current.userId,
      message: {
        title: 'Your offer expires in 24 hours',
        body: 'Accept or decline your place on Stagedoor before the offer lapses.',
        url: '/applications',
        tag: `offer-${current.id}`,
      },
    })
    return true
  })
}
