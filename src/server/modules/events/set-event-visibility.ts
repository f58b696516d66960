import type { EventVisibility } from '#core/events/event.ts'
import type { RequestContext } from '#server/context.ts'
import { changeEvent } from './change-event.ts'
import type { EventRow } from './find-visible-event.ts'

/** Publish an event (to members or everyone) or take it back to a draft. */
export function setEventVisibility(
  ctx: RequestContext,
  id: string,
  visibility: EventVisibility,
): Promise<EventRow> {
  return changeEvent(ctx, {
    id,
    capability: 'admin.general',
    action: `event.visibility.${visibility}`,
    mutate: async () => ({ visibility }),
  })
}
