import { AppError } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import { changeEvent } from './change-event.ts'
import type { EventRow } from './find-visible-event.ts'

/** Archive an event: it leaves the lists and goes back to a draft. */
export function archiveEvent(ctx: RequestContext, id: string): Promise<EventRow> {
  return changeEvent(ctx, {
    id,
    capability: 'admin.general',
    action: 'event.archive',
    mutate: async (_tx, before) => {
      if (before.archivedAt) throw new AppError('CONFLICT', 'That event is already archived.')
      return { archivedAt: ctx.now(), visibility: 'draft' }
    },
  })
}
