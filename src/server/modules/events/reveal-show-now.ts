import { AppError } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import { changeEvent } from './change-event.ts'
import { queueShowReveal } from './events.jobs.ts'
import type { EventRow } from './find-visible-event.ts'

/** Reveal at once: the name becomes public and connected clients get it now. */
export function revealShowNow(ctx: RequestContext, id: string): Promise<EventRow> {
  return changeEvent(ctx, {
    id,
    capability: 'admin.showReveals',
    action: 'event.reveal.now',
    mutate: async (tx, before, afterCommit) => {
      if (!before.showName) throw new AppError('CONFLICT', 'This event has no show name to reveal.')
      const revealAt = ctx.now()
      await queueShowReveal(ctx, tx, { ...before, revealAt })
      // The job is due now: wake the worker instead of waiting for its next poll.
      afterCommit(() => ctx.services.queue.wake())
      return { revealAt }
    },
  })
}
