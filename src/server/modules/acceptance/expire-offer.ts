import { eq } from 'drizzle-orm'
import { withTx, type RequestContext } from '#server/context.ts'
import { applications } from '#server/db/schema/index.ts'
import { changeStatus } from '#server/modules/applications/change-status.ts'
import { lockApplication, type ApplicationRow } from '#server/modules/applications/update-application.ts'
import { lockEventById } from '#server/modules/events/find-visible-event.ts'
import { offerFreedPlace } from '#server/modules/applications/promote-from-waitlist.ts'

/**
 * Expire an unanswered offer (the offer-expiry job, `acceptance.jobs.ts`), with the member's
 * "expired" email, and pass the place on when the type offers automatically. Does nothing when the
 * offer was answered, withdrawn or re-offered with a later expiry since the job was queued.
 * Returns the changed applications.
 */
export async function expireOffer(ctx: RequestContext, applicationId: string): Promise<ApplicationRow[]> {
  const [app] = await ctx.services.db
    .select({ eventId: applications.eventId })
    .from(applications)
    .where(eq(applications.id, applicationId))
  if (!app) return []
  return withTx(ctx, async (tx, afterCommit) => {
    const event = await lockEventById(tx, app.eventId)
    const current = await lockApplication(tx, applicationId)
    if (current.status !== 'OFFERED' || !current.offerExpiresAt) return []
    if (current.offerExpiresAt.getTime() > ctx.now().getTime()) return []
    const { after } = await changeStatus(ctx, tx, afterCommit, {
      applicationId,
      action: 'expire',
      as: 'system',
    })
    const promoted = await offerFreedPlace(ctx, tx, afterCommit, event, current.applicationType)
    return promoted.row ? [after, promoted.row] : [after]
  })
}
