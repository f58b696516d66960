import type { RequestContext } from '#server/context.ts'
import { memberTransition } from './member-transition.ts'
import type { ApplicationRow } from './update-application.ts'

/**
 * Withdraw one's own application (SUBMITTED, OFFERED, CONFIRMED or PAID). A withdrawn offer passes
 * to the next on the waitlist when the type offers automatically.
 */
export function withdrawApplication(
  ctx: RequestContext,
  input: { id: string; expectedVersion?: number | undefined },
): Promise<ApplicationRow> {
  return memberTransition(ctx, { ...input, action: 'withdraw' })
}
