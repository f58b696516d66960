import type { RequestContext } from '#server/context.ts'
import { memberTransition } from './member-transition.ts'
import type { ApplicationRow } from './update-application.ts'

/** Accept an offer before it expires: CONFIRMED (payments, if any, make it PAID later). */
export function acceptOffer(ctx: RequestContext, input: { id: string }): Promise<ApplicationRow> {
  return memberTransition(ctx, { ...input, action: 'accept' })
}
