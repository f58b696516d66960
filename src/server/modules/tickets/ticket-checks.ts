import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { can } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import { purchaseRefusal, ticketQuantityRefusal, type PurchaseRefusal } from '#core/tickets/tickets.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { applications, ticketOrders, ticketSales, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent, type EventRow } from '#server/modules/events/find-visible-event.ts'
import type { TicketTypeRow } from './issue-tickets.ts'
import { takeStock } from './ticket-stock.ts'

/**
 * A refusal from core's ticket rules as the error the client shows; a refused number of tickets is
 * marked on the quantity field.
 */
export function refusalError(refusal: PurchaseRefusal): AppError {
  const { code, message } = refusal
  return code === 'VALIDATION'
    ? new AppError(code, message, { fields: [{ path: 'quantity', message }] })
    : new AppError(code, message)
}

/** Whether the user holds an accepted place (CONFIRMED or PAID) in the event. */
export async function isParticipant(
  tx: Db | Tx,
  eventId: string,
  userId: string | undefined,
): Promise<boolean> {
  if (!userId) return false
  const rows = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.eventId, eventId),
        eq(applications.userId, userId),
        inArray(applications.status, ['CONFIRMED', 'PAID']),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** Tickets of a type already ordered (not cancelled) by this person: their account, else their email. */
export async function alreadyHeld(
  tx: Db | Tx,
  typeId: string,
  userId: string | null,
  email: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${ticketOrders.quantity}), 0)::int` })
    .from(ticketOrders)
    .where(
      and(
        eq(ticketOrders.ticketTypeId, typeId),
        ne(ticketOrders.status, 'CANCELLED'),
        userId ? eq(ticketOrders.userId, userId) : eq(sql`lower(${ticketOrders.email})`, email.toLowerCase()),
      ),
    )
  return Number(row?.n ?? 0)
}

export interface CheckedPurchase {
  event: EventRow
  type: TicketTypeRow
  email: string
}

/**
 * Every refusal a reader can decide without a lock (sale published, audience, window, per-person
 * limit, what is left), read outside the transaction so the many refused in a rush (sold out) never
 * queue for the type's row; the conditional update in the transaction is what decides.
 */
export async function checkPurchase(
  ctx: RequestContext,
  input: { eventSlug: string; ticketTypeId: string; quantity: number; email: string },
): Promise<CheckedPurchase> {
  const actor = ctx.actor
  const db = ctx.services.db
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const [found] = await db
    .select({ sale: ticketSales, type: ticketTypes })
    .from(ticketTypes)
    .innerJoin(ticketSales, eq(ticketSales.eventId, ticketTypes.eventId))
    .where(and(eq(ticketTypes.id, input.ticketTypeId), eq(ticketTypes.eventId, event.id)))
  if (!found?.sale.published) throw new AppError('NOT_FOUND', 'That ticket type is not on sale.')
  const { sale, type } = found
  const email = actor?.email || input.email
  const buyer = {
    signedIn: Boolean(actor),
    participant: await isParticipant(db, event.id, actor?.id),
    staff: can(actor, 'admin.ticketAllocation'),
    alreadyHeld: await alreadyHeld(db, type.id, actor?.id ?? null, email),
  }
  const refusal = purchaseRefusal(type, buyer, input.quantity, sale.capacity - sale.taken, ctx.now())
  if (refusal) throw refusalError(refusal)
  return { event, type, email }
}

/**
 * Take the stock under the type's row lock and recount the per-person limit there (so two racing
 * checkouts by one person cannot both pass it). Throws CONFLICT when the last tickets just went.
 */
export async function takeStockFor(
  ctx: RequestContext,
  tx: Tx,
  checked: CheckedPurchase,
  quantity: number,
): Promise<void> {
  const { event, type, email } = checked
  if (!(await takeStock(tx, event.id, type.id, quantity))) {
    throw new AppError('CONFLICT', `Sorry: the last ${type.name} tickets have just gone.`)
  }
  const held = await alreadyHeld(tx, type.id, ctx.actor?.id ?? null, email)
  const overLimit = ticketQuantityRefusal(type, quantity, held)
  if (overLimit) throw refusalError(overLimit)
}
