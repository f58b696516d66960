import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { can } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import { purchaseInputSchema, purchaseRefusal, type PurchaseInput } from '#core/tickets/tickets.ts'
import { emailConfirmDeadline, needsEmailConfirmation } from '#core/tickets/email-confirmation.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { applications, ticketOrders, ticketSales, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { validationError } from '#server/modules/shared/guards.ts'
import type { EventRow } from '#server/modules/events/find-visible-event.ts'
import { awaitEmailConfirmation } from './await-email-confirmation.ts'
import { writeHeldOrder } from './hold-tickets.ts'
import { writeOrder, type OrderRow, type TicketRow, type TicketTypeRow } from './issue-tickets.ts'

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
async function alreadyHeld(
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

/**
 * Take `quantity` tickets of a type and of the event's capacity with two conditional updates: each
 * succeeds only while enough are left, and holds the row until commit, so concurrent checkouts
 * queue on it and the last ticket goes to exactly one of them. Returns false when one did not fit.
 */
export async function takeStock(tx: Tx, eventId: string, typeId: string, quantity: number): Promise<boolean> {
  const typeRows = await tx
    .update(ticketTypes)
    .set({ taken: sql`${ticketTypes.taken} + ${quantity}` })
    .where(and(eq(ticketTypes.id, typeId), sql`${ticketTypes.taken} + ${quantity} <= ${ticketTypes.quota}`))
    .returning({ id: ticketTypes.id })
  if (typeRows.length === 0) return false
  const saleRows = await tx
    .update(ticketSales)
    .set({ taken: sql`${ticketSales.taken} + ${quantity}` })
    .where(
      and(
        eq(ticketSales.eventId, eventId),
        sql`${ticketSales.taken} + ${quantity} <= ${ticketSales.capacity}`,
      ),
    )
    .returning({ id: ticketSales.eventId })
  return saleRows.length > 0
}

/** Give tickets back to the type and the event (a cancellation, a lapsed offer). */
export async function returnStock(tx: Tx, eventId: string, typeId: string, quantity: number): Promise<void> {
  await tx
    .update(ticketTypes)
    .set({ taken: sql`greatest(${ticketTypes.taken} - ${quantity}, 0)` })
    .where(eq(ticketTypes.id, typeId))
  await tx
    .update(ticketSales)
    .set({ taken: sql`greatest(${ticketSales.taken} - ${quantity}, 0)` })
    .where(eq(ticketSales.eventId, eventId))
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
  if (refusal) throw new AppError(refusal.code, refusal.message)
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
  if (held + quantity > type.perPersonLimit) {
    throw new AppError('VALIDATION', `At most ${type.perPersonLimit} ${type.name} tickets per person.`)
  }
}

/**
 * Buy first-come tickets in one step (stock taken and tickets issued in one transaction, so nothing
 * needs holding): anonymous for public types (the tickets go only to the email given, so holding
 * them proves the address), signed in for members' and participants' types. Free orders are PAID at
 * once; others await payment at the door or by transfer, which staff record. Without sign-in the
 * order is HELD instead, with no tickets, until the buyer confirms it from the link emailed to the
 * address (`needsEmailConfirmation`, issue 26): unconfirmed, it lapses and the stock goes back.
 */
export async function purchaseTickets(
  ctx: RequestContext,
  raw: PurchaseInput,
): Promise<{ order: OrderRow; tickets: TicketRow[] }> {
  const parsed = purchaseInputSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const input = parsed.data
  if (input.attendeeNames.length !== input.quantity) {
    const message = 'Give a name for each ticket.'
    throw new AppError('VALIDATION', message, { fields: [{ path: 'attendeeNames', message }] })
  }
  const checked = await checkPurchase(ctx, input)
  const { event, type, email } = checked
  return withTx(ctx, async (tx) => {
    await takeStockFor(ctx, tx, checked, input.quantity)
    if (needsEmailConfirmation({ signedIn: Boolean(ctx.actor), addressShown: false })) {
      const held = await writeHeldOrder(ctx, tx, {
        eventId: event.id,
        type,
        userId: null,
        email,
        name: input.buyerName,
        quantity: input.quantity,
        until: emailConfirmDeadline(ctx.now()),
        source: 'SALE',
      })
      const order = await awaitEmailConfirmation(ctx, tx, held, {
        eventTitle: event.title,
        typeName: type.name,
        buyerName: input.buyerName,
        attendeeNames: input.attendeeNames,
        payment: input.payment,
      })
      return { order, tickets: [] }
    }
    const result = await writeOrder(ctx, tx, {
      event,
      type,
      userId: ctx.actor?.id ?? null,
      email,
      buyerName: input.buyerName,
      attendeeNames: input.attendeeNames,
      payment: input.payment,
      source: 'SALE',
    })
    await auditChange(tx, ctx, {
      action: 'tickets.purchase',
      entityType: 'ticket_order',
      entityId: result.order.id,
      after: { type: type.name, quantity: input.quantity, amountPence: result.order.amountPence },
    })
    return result
  })
}
