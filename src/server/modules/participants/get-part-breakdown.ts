import type { RequestContext } from '#server/context.ts'
import { participantAccess, type ParticipantPreview } from './participant-access.ts'
import { partBreakdownOf, type PartBreakdown } from './part-breakdown.queries.ts'

/** Numbers × parts with notes, and the actor's own part to highlight (null in a preview). */
export async function getPartBreakdown(
  ctx: RequestContext,
  input: { eventSlug: string; preview: ParticipantPreview | null },
): Promise<PartBreakdown> {
  const { event, config, application } = await participantAccess(ctx, input.eventSlug, 'partBreakdown', {
    preview: input.preview,
  })
  return partBreakdownOf(ctx.services.db, event, config, application?.part ?? null)
}
