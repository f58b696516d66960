import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm'
import { can } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import { basketRefusal, type BasketLine } from '#core/tickets/basket.ts'
import { purchaseRefusal, ticketQuantityRefusal, type PurchaseRefusal } from '#core/tickets/tickets.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  applications,
  ticketOrderLines,
  ticketOrders,
  ticketSales,
  ticketTypes,
} from '#server/db/schema/index.ts'
import { findVisibleEvent, type EventRow } from '#server/modules/events/find-visible-event.ts'
import type { TicketTypeRow } from './issue-tickets.ts'
import { rememberSoldOut, stockVersion } from './sold-out.ts'
import { moveStock } from './ticket-stock.ts'

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

/**
 * Tickets of a type already ordered (not cancelled) by this person, over every line of their orders:
 * their account, else their email. `except` leaves out orders about to be replaced (the buyer's own
 * earlier hold, decision 0045).
 */
export async function alreadyHeld(
  tx: Db | Tx,
  typeId: string,
  userId: string | null,
  email: string,
  except: readonly string[] = [],
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${ticketOrderLines.quantity}), 0)::int` })
    .from(ticketOrderLines)
    .innerJoin(ticketOrders, eq(ticketOrders.id, ticketOrderLines.orderId))
    .where(
      and(
        eq(ticketOrderLines.ticketTypeId, typeId),
        ne(ticketOrders.status, 'CANCELLED'),
        userId ? eq(ticketOrders.userId, userId) : eq(sql`lower(${ticketOrders.email})`, email.toLowerCase()),
        except.length ? notInArray(ticketOrders.id, [...except]) : undefined,
      ),
    )
  return Number(row?.n ?? 0)
}

export interface CheckedLine {
  type: TicketTypeRow
  quantity: number
}

export interface CheckedBasket {
  event: EventRow
  lines: CheckedLine[]
  email: string
}

/**
 * Every refusal a reader can decide without a lock (sale published, audience, window, per-person
 * limit, what is left), line by line, read outside the transaction so the many refused in a rush
 * (sold out) never queue for the types' rows; the conditional updates in the transaction decide.
 * `replacing` are the buyer's own open holds, which this basket replaces: not counted as theirs.
 * `unlocked` are the hidden types the buyer's voucher code unlocks; `found` the event, when the
 * caller has just read it by the slug.
 */
export async function checkBasket(
  ctx: RequestContext,
  input: { eventSlug: string; lines: readonly BasketLine[]; email: string },
  replacing: readonly string[] = [],
  unlocked: readonly string[] = [],
  found?: EventRow,
): Promise<CheckedBasket> {
  const actor = ctx.actor
  const db = ctx.services.db
  const readVersion = stockVersion()
  const event = found ?? (await findVisibleEvent(ctx, input.eventSlug))
  const [sale] = await db.select().from(ticketSales).where(eq(ticketSales.eventId, event.id))
  if (!sale?.published) throw new AppError('NOT_FOUND', 'Tickets for this event are not on sale.')
  const ids = input.lines.map((l) => l.ticketTypeId)
  const types = await db
    .select()
    .from(ticketTypes)
    .where(and(inArray(ticketTypes.id, ids), eq(ticketTypes.eventId, event.id)))
  const email = actor?.email || input.email
  const participant = await isParticipant(db, event.id, actor?.id)
  const lines: CheckedLine[] = []
  for (const asked of input.lines) {
    const type = types.find((t) => t.id === asked.ticketTypeId)
    // A hidden type is sold only with a code that unlocks it (decision 0049).
    if (!type || (type.hidden && !unlocked.includes(type.id))) {
      throw new AppError('NOT_FOUND', 'That ticket type is not on sale.')
    }
    const buyer = {
      signedIn: Boolean(actor),
      participant,
      staff: can(actor, 'admin.ticketAllocation'),
      alreadyHeld: await alreadyHeld(db, type.id, actor?.id ?? null, email, replacing),
    }
    const refusal = purchaseRefusal(type, buyer, asked.quantity, sale.capacity - sale.taken, ctx.now())
    // Sold out: the next buyers hear it without these reads (sold-out.ts, decision 0055).
    if (refusal?.wantOfTickets) rememberSoldOut(ctx, input.eventSlug, { event, sale, types }, readVersion)
    if (refusal) throw refusalError(refusal)
    lines.push({ type, quantity: asked.quantity })
  }
  const whole = basketRefusal(input.lines)
  if (whole) throw refusalError(whole)
  return { event, lines, email }
}

/**
 * The CONFLICT when `moveStock` could not take a line (`typeId`; empty: the event's capacity): the
 * last tickets went to someone else between the check and the take.
 */
export function stockGone(lines: readonly CheckedLine[], typeId: string): AppError {
  const gone = lines.find((l) => l.type.id === typeId)
  return new AppError(
    'CONFLICT',
    gone
      ? `Sorry: the last ${gone.type.name} tickets have just gone.`
      : 'Sorry: the last tickets have just gone.',
  )
}

/**
 * Take a basket's stock (with any stock given back by a replaced hold) under the types' row locks and
 * recount each type's per-person limit there, so two racing checkouts by one person cannot both pass
 * it. Throws CONFLICT when the last tickets of a type (or of the event) just went. `ordering` are the
 * orders of this basket already written in the transaction: not counted against the limit twice.
 */
export async function takeBasketStock(
  ctx: RequestContext,
  tx: Tx,
  checked: CheckedBasket,
  givenBack: readonly { typeId: string; quantity: number }[] = [],
  ordering: readonly string[] = [],
): Promise<void> {
  const { event, lines, email } = checked
  const moved = await moveStock(tx, event.id, [
    ...givenBack.map((g) => ({ typeId: g.typeId, delta: -g.quantity })),
    ...lines.map((l) => ({ typeId: l.type.id, delta: l.quantity })),
  ])
  if (!moved.ok) throw stockGone(lines, moved.typeId)
  for (const { type, quantity } of lines) {
    const held = await alreadyHeld(tx, type.id, ctx.actor?.id ?? null, email, ordering)
    const overLimit = ticketQuantityRefusal(type, quantity, held)
    if (overLimit) throw refusalError(overLimit)
  }
}
