import type { RequestContext } from '#server/context.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { planDecisions, type DecisionInput, type DecisionPlanItem } from './decision-plan.ts'

/** What `decideApplications` would do, and which emails would go: nothing is written (admins). */
export async function previewDecisions(
  ctx: RequestContext,
  input: Omit<DecisionInput, 'expectedVersions'>,
): Promise<DecisionPlanItem[]> {
  authorize(ctx.actor, 'admin.general')
  const event = await findVisibleEvent(ctx, input.eventSlug)
  return planDecisions(ctx, ctx.services.db, event, input)
}
