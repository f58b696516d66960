import { eq } from 'drizzle-orm'
import { systemContext, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { events } from '#server/db/schema/index.ts'
import type { Services } from '#server/services.ts'
import { notifyReveal } from './notify-reveal.ts'
import { z } from 'zod'

/** The durable job that announces a show name at its reveal time (PRODUCT.md §7). */
export const SHOW_REVEAL_JOB = 'show.reveal'

const revealKey = (eventId: string) => `show-reveal:${eventId}`

/**
 * Schedule (or re-schedule) the job that announces a reveal, in the transaction that set the time:
 * the pending job for the old time goes, one for the new time comes.
 */
export async function queueShowReveal(
  ctx: RequestContext,
  tx: Tx,
  event: { id: string; revealAt: Date | null; showName: string | null },
): Promise<void> {
  const { queue } = ctx.services
  await queue.cancel(revealKey(event.id), tx)
  if (event.showName && event.revealAt) {
    await queue.enqueue(
      SHOW_REVEAL_JOB,
      { eventId: event.id },
      { runAt: event.revealAt, singletonKey: revealKey(event.id), tx },
    )
  }
}

/**
 * Announce a show name that has just become public, to everyone connected on any process, then tell
 * the event's applicants by email and push.
 */
async function announceReveal(ctx: RequestContext, eventId: string): Promise<void> {
  const event = await ctx.services.db.query.events.findFirst({ where: eq(events.id, eventId) })
  if (!event?.showName || !event.revealAt) return
  // Postponed since the job was queued: a new job exists for the new time.
  if (event.revealAt.getTime() > ctx.now().getTime()) return
  await ctx.services.bus.publish('SHOW_REVEALED', {
    eventId: event.id,
    slug: event.slug,
    showName: event.showName,
    revealedAt: event.revealAt.toISOString(),
  })
  // NOTE: after the publish, so a retry of a failed publish never emails twice; a repeated publish
  // is harmless (pages show the same name again).
  await notifyReveal(ctx, { ...event, showName: event.showName })
}

export function registerEventsJobs(services: Services): void {
  services.queue.register(SHOW_REVEAL_JOB, z.object({ eventId: z.string() }), ({ eventId }) =>
    announceReveal(systemContext(services, `job:${SHOW_REVEAL_JOB}`), eventId),
  )
}
