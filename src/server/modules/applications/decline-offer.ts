import type { RequestContext } from '#server/context.ts'
import { memberTransition } from './member-transition.ts'
import type { ApplicationRow } from './update-application.ts'

/** Decline an offer; the place passes to the next on the waitlist when the type offers automatically. */
export function declineOffer(ctx: RequestContext, input: { id: string }): Promise<ApplicationRow> {
  return memberTransition(ctx, { ...input, action: 'decline' })
}
