import type { RequestContext } from '#server/context.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { attachmentsOfEvent, toAttachment, type InfoPackAttachment } from './event-attachments.queries.ts'

/** Every info-pack attachment of an event, whatever type it is for (admins). */
export async function listEventAttachments(
  ctx: RequestContext,
  input: { eventSlug: string },
): Promise<InfoPackAttachment[]> {
  authorize(ctx.actor, 'admin.general')
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const rows = await attachmentsOfEvent(ctx.services.db, event.id)
  return rows.map((r) => toAttachment(r, ctx.services.config.authSecret))
}
