import { and, eq, gt } from 'drizzle-orm'
import { systemContext, withTx, type RequestContext } from '#server/context.ts'
import { applications, events, users } from '#server/db/schema/index.ts'
import { offerNextOnWaitlist } from '#server/modules/applications/promote-from-waitlist.ts'
import { changeStatus } from '#server/modules/applications/change-status.ts'
import { lockEventById } from '#server/modules/events/find-visible-event.ts'
import { ledgerOf, paymentsByApplication } from '#server/modules/payments/payments.queries.ts'
import type { Services } from '#server/services.ts'
import { lineOverdue } from './operations.queries.ts'

export interface LapsedPlace {
  eventId: string
  /** The confirmed application cancelled for a missed payment deadline. */
  lapsedApplicationId: string
  /** The waitlisted application offered the place, if anyone was waiting and a place was free. */
  offeredApplicationId: string | null
}

function lapsedEmail(eventTitle: string, link: string) {
  return {
    subject: `Your place in ${eventTitle} has lapsed`,
    text:
      `Hello,\n\nA payment for ${eventTitle} was due and is still outstanding, so your place has lapsed ` +
      `and been offered to the next person on the waiting list. If you think this is a mistake, ` +
      `please reply to this email. Your applications: ${link}\n`,
    template: 'operations.lapsed',
  }
}

/** In one event (locked): cancel each lapsed confirmed place and offer it to the next waiting. */
async function lapseEvent(ctx: RequestContext, eventId: string): Promise<LapsedPlace[]> {
  return withTx(ctx, async (tx, afterCommit) => {
    const event = await lockEventById(tx, eventId)
    const now = ctx.now()
    if (!event.eventConfig.offerLapsedPlacesToWaitlist || event.startDate <= now) return []
    const confirmed = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.eventId, event.id), eq(applications.status, 'CONFIRMED')))
    const paid = await paymentsByApplication(
      tx,
      confirmed.map((a) => a.id),
    )
    const done: LapsedPlace[] = []
    for (const a of confirmed) {
      const ledger = ledgerOf(event, a, paid.get(a.id) ?? [])
      if (!ledger.some((line) => lineOverdue(line, now))) continue
      // NOTE: `cancel` is an admin transition; the event's offerLapsedPlacesToWaitlist is the
      // admins' standing instruction, as autoOfferFromWaitlist is for automatic offers.
      await changeStatus(ctx, tx, afterCommit, { applicationId: a.id, action: 'cancel', as: 'admin' })
      const [who] = await tx.select({ email: users.email }).from(users).where(eq(users.id, a.userId))
      if (who) {
        const mail = lapsedEmail(event.title, `${ctx.services.config.appUrl}/applications`)
        await ctx.services.mailer.queue({ to: who.email, ...mail }, tx)
      }
      const offered = await offerNextOnWaitlist(ctx, tx, afterCommit, event, a.applicationType)
      done.push({
        eventId: event.id,
        lapsedApplicationId: a.id,
        offeredApplicationId: offered.row?.id ?? null,
      })
    }
    return done
  })
}

/**
 * The daily check: in every upcoming event whose config sets `offerLapsedPlacesToWaitlist`, each
 * confirmed member with something outstanding on a line past its due date loses the place, and it
 * is offered to the next on the waitlist of the same type (the acceptance use case: longest
 * waiting first, only if the type has a free place). One transaction per event.
 */
export async function offerLapsedPlaces(services: Services, requestId = 'job:lapsed-places') {
  const ctx = systemContext(services, requestId)
  const upcoming = await services.db
    .select({ id: events.id, config: events.eventConfig })
    .from(events)
    .where(gt(events.startDate, ctx.now()))
  const done: LapsedPlace[] = []
  for (const e of upcoming) {
    if (!e.config.offerLapsedPlacesToWaitlist) continue
    done.push(...(await lapseEvent(ctx, e.id)))
  }
  return done
}
