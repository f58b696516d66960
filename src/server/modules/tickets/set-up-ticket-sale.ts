import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { ticketSaleInputSchema, ticketTypeColumns, type TicketSaleInput } from '#core/tickets/tickets.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { ticketSales, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import type { TicketTypeRow } from './issue-tickets.ts'
import { stockGivenBack } from './sold-out.ts'

export interface TicketSaleRequest {
  eventSlug: string
  capacity: number
  published: boolean
  /** Types to add (existing ones are kept). */
  addTypes: unknown[]
}

/**
 * Ticket set-up (superAdmin, ticketAdmin: the Tickets admin page): the shared capacity, whether the
 * sale is published, and new ticket types, checked by the shared `ticketSaleInputSchema`. The
 * capacity cannot go below what is already taken.
 */
export async function setUpTicketSale(ctx: RequestContext, raw: TicketSaleRequest): Promise<TicketTypeRow[]> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const parsed = ticketSaleInputSchema.safeParse({
    capacity: raw.capacity,
    published: raw.published,
    addTypes: raw.addTypes,
  })
  if (!parsed.success) throw validationError(parsed.error.issues)
  const input: TicketSaleInput & { eventSlug: string } = { ...parsed.data, eventSlug: raw.eventSlug }
  const types = input.addTypes
  return withTx(ctx, async (tx, afterCommit) => {
    // A raised capacity or a sale published again: "sold out" seen before is over.
    afterCommit(stockGivenBack)
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx, lock: true })
    const [sale] = await tx.select().from(ticketSales).where(eq(ticketSales.eventId, event.id)).for('update')
    if (sale && sale.taken > input.capacity) {
      throw new AppError('CONFLICT', `${sale.taken} tickets are taken already; the capacity cannot be less.`)
    }
    if (sale) {
      await tx
        .update(ticketSales)
        .set({ capacity: input.capacity, published: input.published })
        .where(eq(ticketSales.eventId, event.id))
    } else {
      await tx
        .insert(ticketSales)
        .values({ eventId: event.id, capacity: input.capacity, published: input.published })
    }
    const existing = await tx.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.id))
    if (types.length) {
      await tx.insert(ticketTypes).values(
        types.map((t, i) => ({
          ...ticketTypeColumns(t),
          eventId: event.id,
          position: existing.length + i,
        })),
      )
    }
    await auditChange(tx, ctx, {
      action: 'tickets.setUpSale',
      entityType: 'event',
      entityId: event.id,
      before: sale ?? null,
      after: { capacity: input.capacity, published: input.published, added: types.map((t) => t.name) },
    })
    return tx
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, event.id))
      .orderBy(ticketTypes.position)
  })
}
