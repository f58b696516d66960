import { AppError } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import { changeEvent } from './change-event.ts'
import type { EventRow } from './find-visible-event.ts'

/** Bring an archived event back to the lists, still a draft: publishing it is a separate step. */
export function unarchiveEvent(ctx: RequestContext, id: string): Promise<EventRow> {
  return changeEvent(ctx, {
    id,
    capability: 'admin.general',
    action: 'event.unarchive',
    mutate: async (_tx, before) => {
      if (!before.archivedAt) throw new AppError('CONFLICT', 'That event is not archived.')
      return { archivedAt: null, visibility: 'draft' }
    },
  })
}
