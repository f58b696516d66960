import { createContextCache } from '@pothos/core'
import DataLoader from 'dataloader'
import { and, asc, eq, inArray, isNull, notInArray, or, sql, type Column } from 'drizzle-orm'
import {
  viewerCallToAction,
  type CallToActionSale,
  type ViewerCallToAction,
  type ViewerTickets,
} from '#core/tickets/sale-call-to-action.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import {
  ballotRequests,
  ticketOrderLines,
  ticketOrders,
  tickets,
  ticketSales,
  ticketTypes,
  ticketWaitlist,
} from '#server/db/schema/index.ts'

/**
 * Per request, each event's sale with its types, in batches: a list of events asks two queries
 * however long it is.
 */
const saleLoader = createContextCache(
  (ctx: RequestContext) =>
    new DataLoader<string, CallToActionSale | null>(async (eventIds) => {
      const db = ctx.services.db
      const ids = [...eventIds]
      const sales = await db.select().from(ticketSales).where(inArray(ticketSales.eventId, ids))
      const types = sales.length
        ? await db
            .select()
            .from(ticketTypes)
            .where(
              inArray(
                ticketTypes.eventId,
                sales.map((s) => s.eventId),
              ),
            )
            .orderBy(asc(ticketTypes.position))
        : []
      return ids.map((id) => {
        const sale = sales.find((s) => s.eventId === id)
        return sale ? { ...sale, types: types.filter((t) => t.eventId === id) } : null
      })
    }),
)

/**
 * Tickets an account has ordered of each type of these events, as the per-person limit counts them
 * (`alreadyHeld`: every order not cancelled), less checkout holds still open, which the account's
 * next basket replaces (decision 0045). The shop's "you have" and the call to action both read it.
 */
export async function orderedByAccount(
  db: Db,
  userId: string,
  eventIds: readonly string[],
): Promise<{ eventId: string; typeId: string; n: number }[]> {
  if (eventIds.length === 0) return []
  const rows = await db
    .select({
      eventId: ticketOrders.eventId,
      typeId: ticketOrderLines.ticketTypeId,
      n: sql<number>`sum(${ticketOrderLines.quantity})::int`,
    })
    .from(ticketOrderLines)
    .innerJoin(ticketOrders, eq(ticketOrders.id, ticketOrderLines.orderId))
    .where(
      and(
        inArray(ticketOrders.eventId, [...eventIds]),
        notInArray(ticketOrders.status, ['CANCELLED', 'HELD']),
        eq(ticketOrders.userId, userId),
      ),
    )
    .groupBy(ticketOrders.eventId, ticketOrderLines.ticketTypeId)
  return rows.map((r) => ({ ...r, n: Number(r.n) }))
}

/**
 * Per request, what the signed-in viewer already has of each event's tickets, in batches: four
 * queries for a list of events however long. Tickets count as `myTickets` counts them (passed to
 * their address, or ordered and not passed on); orders as the per-person limit counts them, less
 * checkout holds still open (a new basket replaces those, decision 0045).
 */
const viewerLoader = createContextCache(
  (ctx: RequestContext) =>
    new DataLoader<string, ViewerTickets>(async (eventIds) => {
      const actor = ctx.actor!
      const db = ctx.services.db
      const ids = [...eventIds]
      // NOTE: an account signed in by phone may have no email address: then the account alone.
      const email = actor.email.toLowerCase()
      const byEmail = (column: Column) => (email ? eq(sql`lower(${column})`, email) : undefined)
      const mine = or(eq(ticketOrders.userId, actor.id), byEmail(ticketOrders.email))
      const held = await db
        .select({ eventId: tickets.eventId, n: sql<number>`count(*)::int` })
        .from(tickets)
        .innerJoin(ticketOrders, eq(ticketOrders.id, tickets.orderId))
        .where(
          and(
            inArray(tickets.eventId, ids),
            inArray(tickets.status, ['VALID', 'CHECKED_IN']),
            or(byEmail(tickets.holderEmail), and(isNull(tickets.holderEmail), mine)),
          ),
        )
        .groupBy(tickets.eventId)
      const ordered = await orderedByAccount(db, actor.id, ids)
      const requested = await db
        .select({ eventId: ticketTypes.eventId, typeId: ballotRequests.ticketTypeId })
        .from(ballotRequests)
        .innerJoin(ticketTypes, eq(ticketTypes.id, ballotRequests.ticketTypeId))
        .where(
          and(
            inArray(ticketTypes.eventId, ids),
            eq(ballotRequests.userId, actor.id),
            eq(ballotRequests.outcome, 'PENDING'),
          ),
        )
      const waiting = await db
        .select({ eventId: ticketTypes.eventId, typeId: ticketWaitlist.ticketTypeId })
        .from(ticketWaitlist)
        .innerJoin(ticketTypes, eq(ticketTypes.id, ticketWaitlist.ticketTypeId))
        .where(
          and(
            inArray(ticketTypes.eventId, ids),
            inArray(ticketWaitlist.status, ['WAITING', 'OFFERED']),
            or(eq(ticketWaitlist.userId, actor.id), byEmail(ticketWaitlist.email)),
          ),
        )
      return ids.map((id) => ({
        held: Number(held.find((h) => h.eventId === id)?.n ?? 0),
        ordered: Object.fromEntries(
          ordered.filter((o) => o.eventId === id).map((o) => [o.typeId, Number(o.n)]),
        ),
        requested: requested.filter((r) => r.eventId === id).map((r) => r.typeId),
        waiting: waiting.filter((w) => w.eventId === id).map((w) => w.typeId),
      }))
    }),
)

/**
 * What a page showing the event offers this viewer about its tickets now, and where they stand
 * (core/tickets/sale-call-to-action.ts). Signed out: the sale's own call to action, no standing.
 */
export async function ticketCallToAction(
  ctx: RequestContext,
  event: { id: string; endDate: Date },
): Promise<ViewerCallToAction> {
  const [sale, viewer] = await Promise.all([
    saleLoader(ctx).load(event.id),
    ctx.actor ? viewerLoader(ctx).load(event.id) : null,
  ])
  return viewerCallToAction(sale, event, ctx.now(), viewer)
}
