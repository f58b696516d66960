import { withTx, type RequestContext } from '#server/context.ts'
import { offerFreedPlace } from './promote-from-waitlist.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import { lockEventById } from '#server/modules/events/find-visible-event.ts'
import { ownApplication } from './applications.queries.ts'
import { changeStatus } from './change-status.ts'
import type { ApplicationRow } from './update-application.ts'

/**
 * A member's own step on their application (withdraw, accept, decline). Giving up an offered place
 * frees it, and in the same transaction the next on the waitlist is offered it when the type has
 * `autoOfferFromWaitlist`; so those steps lock the event row first, as staff decisions do, and the
 * two take turns on capacity (in the same lock order: event, then application).
 */
export async function memberTransition(
  ctx: RequestContext,
  input: { id: string; action: 'withdraw' | 'accept' | 'decline'; expectedVersion?: number | undefined },
): Promise<ApplicationRow> {
  const member = authenticate(ctx.actor)
  const current = await ownApplication(ctx, member, input.id)
  const freesPlace = input.action !== 'accept'
  return withTx(ctx, async (tx, afterCommit) => {
    const event = freesPlace ? await lockEventById(tx, current.eventId) : null
    const { before, after } = await changeStatus(ctx, tx, afterCommit, {
      applicationId: input.id,
      action: input.action,
      as: 'member',
      expectedVersion: input.expectedVersion,
    })
    if (event && before.status === 'OFFERED') {
      await offerFreedPlace(ctx, tx, afterCommit, event, after.applicationType)
    }
    return after
  })
}
