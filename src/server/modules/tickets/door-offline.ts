import { createHash } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { MAX_SYNC_SCANS, type DoorListEntry, type OfflineScan } from '#core/tickets/door-offline.ts'
import { collectAtDoor, type DoorPaymentMethod, type ScanResult } from '#core/tickets/door.ts'
import type { RequestContext } from '#server/context.ts'
import { ticketOrders, ticketPayments, tickets, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { checkInTicket } from './check-in-ticket.ts'
import { payAtDoor } from './pay-at-door.ts'

export const codeHash = (code: string) => createHash('sha256').update(code).digest('hex')

/**
 * The door's list for offline use (ticketAdmin and above): every live ticket of the event as the
 * SHA-256 of its code, the name and type, and whether it is checked in already.
 */
export async function doorList(
  ctx: RequestContext,
  input: { eventSlug: string },
): Promise<{ eventSlug: string; downloadedAt: Date; entries: DoorListEntry[] }> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const rows = await ctx.services.db
    .select({
      ticket: tickets,
      typeName: ticketTypes.name,
      pricePence: ticketTypes.pricePence,
      orderOwed: sql<number>`greatest(0, ${ticketOrders.amountPence} - coalesce((select sum(${ticketPayments.amountPence}) from ${ticketPayments} where ${ticketPayments.orderId} = ${ticketOrders.id}), 0))::int`,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(ticketOrders, eq(ticketOrders.id, tickets.orderId))
    .where(and(eq(tickets.eventId, event.id), inArray(tickets.status, ['VALID', 'CHECKED_IN'])))
  return {
    eventSlug: event.slug,
    downloadedAt: ctx.now(),
    entries: rows.map(({ ticket, typeName, pricePence, orderOwed }) => ({
      hash: codeHash(ticket.code),
      attendeeName: ticket.attendeeName,
      typeName,
      checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
      collectPence: collectAtDoor(pricePence, Number(orderOwed)),
    })),
  }
}

export interface SyncedScan {
  code: string
  at: Date
  payment: DoorPaymentMethod | null
  result: ScanResult
  /** The door let this one in offline, but the server says it was used before (a double scan). */
  conflict: boolean
}

/**
 * Sync the scans a door made offline, oldest first: each is checked in with its own time, and one
 * paid at the door records its payment (pay-at-door.ts); one that another door (or an earlier
 * offline scan) let in first comes back ALREADY_USED as a conflict, and so does one the server
 * says still owes money (the list was older than a cancellation or a change of price).
 */
export async function syncCheckIns(
  ctx: RequestContext,
  input: { eventSlug: string; scans: OfflineScan[] },
): Promise<SyncedScan[]> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  if (input.scans.length > MAX_SYNC_SCANS) {
    throw new AppError('VALIDATION', `Sync at most ${MAX_SYNC_SCANS} scans at once.`)
  }
  const scans = input.scans
    .map((s) => ({ code: s.code.trim(), at: new Date(s.at), payment: s.payment ?? null }))
    .map((s) => (Number.isNaN(s.at.getTime()) ? { ...s, at: ctx.now() } : s))
    .sort((a, b) => a.at.getTime() - b.at.getTime())
  const out: SyncedScan[] = []
  for (const scan of scans) {
    const { code, at, payment } = scan
    const result = payment
      ? await payAtDoor(ctx, { eventSlug: input.eventSlug, code, at, method: payment })
      : await checkInTicket(ctx, { eventSlug: input.eventSlug, code, at })
    out.push({ code, at, payment, result, conflict: result.kind !== 'VALID' })
  }
  return out
}
