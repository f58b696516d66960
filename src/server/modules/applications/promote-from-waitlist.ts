import { and, asc, eq } from 'drizzle-orm'
import { offerExpiresAt } from '#core/applications/offer-expiry.ts'
import { AppError } from '#core/errors.ts'
import { systemContext, withTx, type AfterCommit, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { applications, type events } from '#server/db/schema/index.ts'
import { typesOf } from './application-types.ts'
import { changeStatus } from './change-status.ts'
import type { ApplicationRow } from './update-application.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { heldPlaces } from './held-places.ts'

type EventRow = typeof events.$inferSelect

export interface Promotion {
  /** The application offered the place, if any. */
  row: ApplicationRow | null
  /** Why nobody was offered it: every place is held, nobody waits, or the type does not auto-offer. */
  reason: 'full' | 'empty' | 'not-automatic' | null
}

/**
 * Offer a place of `type` to the next on its waitlist (status changed longest ago first) if one is
 * free, inside `tx`; the caller holds the event row's lock, so capacity cannot change meanwhile.
 */
export async function offerNextOnWaitlist(
  ctx: RequestContext,
  tx: Tx,
  afterCommit: AfterCommit,
  event: EventRow,
  type: string,
): Promise<Promotion> {
  const capacity = typesOf(event)[type]?.capacity
  const held = (await heldPlaces(tx, event.id)).get(type) ?? 0
  if (capacity !== undefined && held >= capacity) return { row: null, reason: 'full' }
  const [next] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.eventId, event.id),
        eq(applications.applicationType, type),
        eq(applications.status, 'WAITLISTED'),
      ),
    )
    .orderBy(asc(applications.statusChangedAt), asc(applications.submittedAt), asc(applications.id))
    .limit(1)
  if (!next) return { row: null, reason: 'empty' }
  // NOTE: the status machine lets only admins offer; an automatic offer acts on the admins'
  // standing instruction (autoOfferFromWaitlist), so it is an admin action (with no actor, if automatic).
  const { after } = await changeStatus(ctx, tx, afterCommit, {
    applicationId: next.id,
    action: 'offer',
    as: 'admin',
    offerExpiresAt: offerExpiresAt(ctx.now(), typesOf(event)[type]),
  })
  return { row: after, reason: null }
}

/**
 * A place of `type` was freed (a member declined or withdrew an offer, or it expired): offer it to
 * the next on the waitlist when the type has `autoOfferFromWaitlist`, inside the same transaction
 * (the caller locked the event row). Audited without an actor: the admins' standing instruction.
 */
export async function offerFreedPlace(
  ctx: RequestContext,
  tx: Tx,
  afterCommit: AfterCommit,
  event: EventRow,
  type: string,
): Promise<Promotion> {
  if (!typesOf(event)[type]?.autoOfferFromWaitlist) return { row: null, reason: 'not-automatic' }
  return offerNextOnWaitlist(systemContext(ctx.services, ctx.requestId), tx, afterCommit, event, type)
}

/**
 * The admin's "Promote from waitlist" button: offer the next on the waitlist of `type` a place.
 * Null when nobody is waiting; CONFLICT when every place of the type is held.
 */
export async function promoteFromWaitlist(
  ctx: RequestContext,
  input: { eventSlug: string; type: string },
): Promise<ApplicationRow | null> {
  authorize(ctx.actor, 'admin.general')
  const result = await withTx(ctx, async (tx, afterCommit) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx, lock: true })
    if (!(input.type in typesOf(event)))
      throw new AppError('VALIDATION', `No application type "${input.type}".`)
    return offerNextOnWaitlist(ctx, tx, afterCommit, event, input.type)
  })
  if (result.reason === 'full') throw new AppError('CONFLICT', 'Every place of this type is held.')
  return result.row
}
