import { can } from '#core/auth/policies.ts'
import { canSeeEvent } from '#core/events/policies.ts'
import { purchaseRefusal } from '#core/tickets/tickets.ts'
import type { BasketLine } from '#core/tickets/basket.ts'
import { AppError } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import type { EventRow } from '#server/modules/events/find-visible-event.ts'
import type { ticketSales, ticketTypes } from '#server/db/schema/index.ts'

/**
 * How long a read that found tickets sold out answers further buyers without reading again (decision
 * 0055). Tickets given back in this process end it at once (`stockGivenBack`); tickets given back by
 * another process on the same PostgreSQL are seen within this time.
 */
export const SOLD_OUT_SEEN_MS = 1000

type SaleRow = typeof ticketSales.$inferSelect
/** A ticket type's row (written here, not imported from issue-tickets.ts, so imports go one way). */
type TicketTypeRow = typeof ticketTypes.$inferSelect

interface Seen {
  at: number
  version: number
  event: EventRow
  sale: SaleRow
  types: Map<string, TicketTypeRow>
}

/** Bumped whenever tickets may have come back (a release, a cancellation, an edit of a sale or type). */
let version = 0
const seenBy = new WeakMap<RequestContext['services'], Map<string, Seen>>()

/** Tickets may have come back in this process: nothing seen sold out before counts any more. */
export function stockGivenBack(): void {
  version++
}

/** A read by the checks found a line sold out: keep what it read for SOLD_OUT_SEEN_MS. */
export function rememberSoldOut(
  ctx: RequestContext,
  slug: string,
  seen: { event: EventRow; sale: SaleRow; types: readonly TicketTypeRow[] },
  readVersion: number,
): void {
  if (readVersion !== version) return
  let bySlug = seenBy.get(ctx.services)
  if (!bySlug) seenBy.set(ctx.services, (bySlug = new Map()))
  bySlug.set(slug, {
    at: performance.now(),
    version,
    ...seen,
    types: new Map(seen.types.map((t) => [t.id, t])),
  })
}

/** The version a read starts at: a give-back during the read keeps it from being remembered. */
export function stockVersion(): number {
  return version
}

/**
 * The refusal a recent read that found the basket's tickets sold out gives, without reading again;
 * null when there is none or anything else may decide (then the full checks run). Only a refusal
 * for want of tickets is given here, and only where the full checks would refuse too: every rule
 * before it is core's, on the same rows, for this buyer; a buyer also over their per-person limit
 * hears "sold out" rather than the limit.
 */
export function knownSoldOut(
  ctx: RequestContext,
  input: { eventSlug: string; lines: readonly BasketLine[] },
): AppError | null {
  const seen = seenBy.get(ctx.services)?.get(input.eventSlug)
  if (!seen) return null
  if (seen.version !== version || performance.now() - seen.at > SOLD_OUT_SEEN_MS) {
    seenBy.get(ctx.services)?.delete(input.eventSlug)
    return null
  }
  if (!canSeeEvent(ctx.actor, seen.event) || !seen.sale.published) return null
  const buyer = {
    signedIn: Boolean(ctx.actor),
    participant: false,
    staff: can(ctx.actor, 'admin.ticketAllocation'),
    alreadyHeld: 0,
  }
  for (const line of input.lines) {
    const type = seen.types.get(line.ticketTypeId)
    if (!type || type.hidden || type.audience === 'PARTICIPANTS') return null
    const refusal = purchaseRefusal(
      type,
      buyer,
      line.quantity,
      seen.sale.capacity - seen.sale.taken,
      ctx.now(),
    )
    if (!refusal) continue
    return refusal.wantOfTickets ? new AppError(refusal.code, refusal.message) : null
  }
  return null
}
