import { and, eq, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { ticketTypeColumns, ticketTypeInputSchema } from '#core/tickets/tickets.ts'
import { typeEditRefusals, typeRemovalRefusal, type TypeUsage } from '#core/tickets/type-edit.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { ballotRequests, ticketOrderLines, ticketOrders, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import type { TicketTypeRow } from './issue-tickets.ts'
import { stockGivenBack } from './sold-out.ts'

// Editing, removing and closing a ticket type (superAdmin, ticketAdmin; decision 0022). Each runs in
// one transaction holding the type's row lock, the lock every checkout takes its stock under, so no
// sale can slip between the check and the change.

/** The event's type, locked; NOT_FOUND for another event's or an unknown id. */
async function lockType(ctx: RequestContext, tx: Tx, eventSlug: string, id: string): Promise<TicketTypeRow> {
  const event = await findVisibleEvent(ctx, eventSlug, { tx })
  const [type] = await tx
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, id), eq(ticketTypes.eventId, event.id)))
    .for('update')
  if (!type) throw new AppError('NOT_FOUND', 'No such ticket type for this event.')
  return type
}

/** What the type has given out: `taken` is the stock counter, of which the HELD orders are held. */
async function usageOf(tx: Tx, type: TicketTypeRow): Promise<TypeUsage> {
  const [orders] = await tx
    .select({
      held: sql<number>`coalesce(sum(${ticketOrderLines.quantity}) filter (where ${ticketOrders.status} = 'HELD'), 0)::int`,
      cancelled: sql<number>`(count(*) filter (where ${ticketOrders.status} = 'CANCELLED'))::int`,
    })
    .from(ticketOrderLines)
    .innerJoin(ticketOrders, eq(ticketOrders.id, ticketOrderLines.orderId))
    .where(eq(ticketOrderLines.ticketTypeId, type.id))
  const [requests] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(ballotRequests)
    .where(eq(ballotRequests.ticketTypeId, type.id))
  const held = Number(orders?.held ?? 0)
  return {
    sold: Math.max(type.taken - held, 0),
    held,
    requests: Number(requests?.n ?? 0),
    cancelledOrders: Number(orders?.cancelled ?? 0),
  }
}

/**
 * Change a type's name, price, quota, per-person limit, audience, sale window, mode and info,
 * checked by the shared schema and refused (CONFLICT, per field) by `typeEditRefusals`.
 */
export async function updateTicketType(
  ctx: RequestContext,
  raw: { eventSlug: string; ticketTypeId: string; input: unknown },
): Promise<TicketTypeRow> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const parsed = ticketTypeInputSchema.safeParse(raw.input)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const next = ticketTypeColumns(parsed.data)
  return withTx(ctx, async (tx, afterCommit) => {
    // A raised quota or a moved window may put tickets back on sale: "sold out" seen before is over.
    afterCommit(stockGivenBack)
    const type = await lockType(ctx, tx, raw.eventSlug, raw.ticketTypeId)
    const refusals = typeEditRefusals(type, next, await usageOf(tx, type))
    if (refusals.length) {
      throw new AppError('CONFLICT', refusals[0]!.message, {
        fields: refusals.map((r) => ({ path: r.path, message: r.message })),
      })
    }
    const [updated] = await tx.update(ticketTypes).set(next).where(eq(ticketTypes.id, type.id)).returning()
    await auditChange(tx, ctx, {
      action: 'tickets.updateType',
      entityType: 'ticket_type',
      entityId: type.id,
      before: type,
      after: updated,
    })
    return updated!
  })
}

/** Remove a type nothing was ever ordered, held or requested for (CONFLICT otherwise: close it). */
export async function removeTicketType(
  ctx: RequestContext,
  raw: { eventSlug: string; ticketTypeId: string },
): Promise<void> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  await withTx(ctx, async (tx) => {
    const type = await lockType(ctx, tx, raw.eventSlug, raw.ticketTypeId)
    const refusal = typeRemovalRefusal(type.name, await usageOf(tx, type))
    if (refusal) throw new AppError('CONFLICT', refusal)
    await tx.delete(ticketTypes).where(eq(ticketTypes.id, type.id))
    await auditChange(tx, ctx, {
      action: 'tickets.removeType',
      entityType: 'ticket_type',
      entityId: type.id,
      before: type,
    })
  })
}

/**
 * Close a type's sale now (its window ends now; a window that had not opened yet is dropped): what
 * the committee does instead of removing a type that has sales.
 */
export async function closeTicketTypeSale(
  ctx: RequestContext,
  raw: { eventSlug: string; ticketTypeId: string },
): Promise<TicketTypeRow> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  return withTx(ctx, async (tx) => {
    const type = await lockType(ctx, tx, raw.eventSlug, raw.ticketTypeId)
    const now = ctx.now()
    const startsAt = type.saleStartsAt && type.saleStartsAt < now ? type.saleStartsAt : null
    const [updated] = await tx
      .update(ticketTypes)
      .set({ saleStartsAt: startsAt, saleEndsAt: now })
      .where(eq(ticketTypes.id, type.id))
      .returning()
    await auditChange(tx, ctx, {
      action: 'tickets.closeTypeSale',
      entityType: 'ticket_type',
      entityId: type.id,
      before: { saleStartsAt: type.saleStartsAt, saleEndsAt: type.saleEndsAt },
      after: { saleStartsAt: startsAt, saleEndsAt: now },
    })
    return updated!
  })
}
