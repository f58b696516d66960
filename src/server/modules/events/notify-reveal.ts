import { and, eq, notInArray } from 'drizzle-orm'
import { FINAL_STATUSES } from '#core/applications/status.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { applications, profiles, users } from '#server/db/schema/index.ts'
import { queuePush } from '#server/modules/push/send-push.ts'
import type { EventRow } from './find-visible-event.ts'
import { mailGreeting } from '#core/text/mail-text.ts'

/**
 * Tell every member with a live application to the event (not withdrawn, declined, rejected, expired
 * or cancelled) that its show name is out: one email each, and a push where they turned
 * notifications on, in one transaction. Returns how many were told.
 */
export async function notifyReveal(
  ctx: RequestContext,
  event: Pick<EventRow, 'id' | 'slug' | 'title'> & { showName: string },
): Promise<number> {
  return withTx(ctx, async (tx) => {
    const members = await tx
      .selectDistinct({
        userId: users.id,
        email: users.email,
        name: users.name,
        preferred: profiles.preferredName,
      })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(applications.eventId, event.id), notInArray(applications.status, [...FINAL_STATUSES])))
    const path = `/events/${encodeURIComponent(event.slug)}`
    for (const member of members) {
      await ctx.services.mailer.queue(
        {
          to: member.email,
          subject: `${event.title}: the show is ${event.showName}`,
          template: 'events.revealed',
          text: [
            mailGreeting(member.preferred || member.name),
            '',
            `The wait is over: ${event.title} is ${event.showName}.`,
            `${ctx.services.config.appUrl}${path}`,
          ].join('\n'),
        },
        tx,
      )
      await queuePush(ctx.services, tx, {
        kind: 'showReveals',
        userId: member.userId,
        message: {
          title: `The show is ${event.showName}`,
          body: `${event.title} has been revealed.`,
          url: path,
          tag: `reveal-${event.id}`,
        },
      })
    }
    return members.length
  })
}
