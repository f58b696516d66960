import { and, eq, inArray } from 'drizzle-orm'
import { PARTICIPATED_STATUSES } from '#core/profiles/member-records.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { applications, mailingListSubscribers, users } from '#server/db/schema/index.ts'
import { eventNotFound, findEventBySlug } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { findListBySlug } from './mailing-lists.queries.ts'
import { newToken } from './subscribe.ts'

export interface AddParticipantsResult {
  /** Participants (CONFIRMED or PAID) of the event. */
  participants: number
  added: number
  /** Already on the list in any status: left as they are (an unsubscribe is never undone). */
  alreadyOnList: number
}

/**
 * Put an event's participants (CONFIRMED or PAID applications) on a list as subscribed, source
 * `event`. Idempotent: an address already on the list, whatever its status, is left alone (so an
 * unsubscribed or bounced member is never re-subscribed); running it twice adds nobody the second
 * time. One transaction, one audit entry with the counts.
 */
export async function addEventParticipantsToList(
  ctx: RequestContext,
  input: { slug: string; eventSlug: string },
): Promise<AddParticipantsResult> {
  authorize(ctx.actor, 'admin.mailingLists')
  const { db } = ctx.services
  const list = await findListBySlug(db, input.slug)
  const event = await findEventBySlug(db, input.eventSlug)
  if (!event) throw eventNotFound(input.eventSlug)
  return withTx(ctx, async (tx) => {
    const people = await tx
      .selectDistinct({ userId: users.id, email: users.email, name: users.name })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(
        and(eq(applications.eventId, event.id), inArray(applications.status, [...PARTICIPATED_STATUSES])),
      )
    const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]))
    const now = ctx.now()
    const inserted = byEmail.size
      ? await tx
          .insert(mailingListSubscribers)
          .values(
            [...byEmail].map(([email, p]) => ({
              listId: list.id,
              email,
              name: p.name,
              userId: p.userId,
              status: 'subscribed' as const,
              source: 'event' as const,
              unsubscribeToken: newToken(),
              confirmedAt: now,
            })),
          )
          .onConflictDoNothing({ target: [mailingListSubscribers.listId, mailingListSubscribers.email] })
          .returning({ id: mailingListSubscribers.id })
      : []
    const result = {
      participants: byEmail.size,
      added: inserted.length,
      alreadyOnList: byEmail.size - inserted.length,
    }
    await auditChange(tx, ctx, {
      action: 'mailingList.addEventParticipants',
      entityType: 'mailingList',
      entityId: list.id,
      before: null,
      after: { eventSlug: event.slug, ...result },
    })
    return result
  })
}
