import { AppError } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { changeEvent } from './change-event.ts'
import { queueShowReveal } from './events.jobs.ts'
import type { EventRow } from './find-visible-event.ts'

const NOT_IN_FUTURE = 'The reveal time must be in the future.'

/** Set or postpone the time a show's name is revealed; it must be in the future. */
export function scheduleShowReveal(ctx: RequestContext, id: string, revealAt: Date): Promise<EventRow> {
  authorize(ctx.actor, 'admin.showReveals')
  if (Number.isNaN(revealAt.getTime()) || revealAt.getTime() <= ctx.now().getTime()) {
    throw new AppError('VALIDATION', NOT_IN_FUTURE, {
      fields: [{ path: 'revealAt', message: NOT_IN_FUTURE }],
    })
  }
  return changeEvent(ctx, {
    id,
    capability: 'admin.showReveals',
    action: 'event.reveal.schedule',
    mutate: async (tx, before) => {
      if (!before.showName)
        throw new AppError('CONFLICT', 'Give the event a show name before scheduling its reveal.')
      await queueShowReveal(ctx, tx, { ...before, revealAt })
      return { revealAt }
    },
  })
}
