import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import {
  refundDue,
  saleOpen,
  ticketsLeft,
  type BallotOutcome,
  type OrderSource,
  type OrderStatus,
  type PaymentChoice,
  type TicketAudience,
  type TicketMode,
  type TicketStatus,
} from '#core/tickets/tickets.ts'
import { seatText } from '#core/tickets/seating.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import {
  ballotGroups,
  ballotRequests,
  events,
  ticketOrders,
  ticketPayments,
  tickets,
  ticketSales,
  ticketTypes,
  ticketWaitlist,
} from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'

export interface BallotRequestView {
  id: string
  name: string
  email: string
  quantity: number
  groupName: string | null
  groupCode: string | null
  priority: number
  outcome: BallotOutcome
  drawPosition: number | null
  orderId: string | null
}

export interface TicketTypeView {
  id: string
  name: string
  info: string
  pricePence: number
  quota: number
  taken: number
  left: number
  perPersonLimit: number
  audience: TicketAudience
  mode: TicketMode
  onSale: boolean
  saleStartsAt: Date | null
  saleEndsAt: Date | null
  drawnAt: Date | null
  ballotSeed: string | null
  waitlistLength: number
  /** The viewer's own ballot request, if any. */
  myRequest: BallotRequestView | null
}

export interface TicketShopView {
  eventSlug: string
  eventTitle: string
  published: boolean
  capacity: number
  capacityLeft: number
  types: TicketTypeView[]
}

const requestView = (
  r: typeof ballotRequests.$inferSelect,
  g: typeof ballotGroups.$inferSelect | null,
): BallotRequestView => ({
  id: r.id,
  name: r.name,
  email: r.email,
  quantity: r.quantity,
  groupName: g?.name ?? null,
  groupCode: g?.code ?? null,
  priority: r.priority,
  outcome: r.outcome,
  drawPosition: r.drawPosition,
  orderId: r.orderId,
})

/** An event's ticket types with what is left, for the shop (unpublished sales: NOT_FOUND for visitors). */
export async function getTicketShop(
  ctx: RequestContext,
  input: { eventSlug: string; includeUnpublished?: boolean },
): Promise<TicketShopView> {
  const db = ctx.services.db
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const [sale] = await db.select().from(ticketSales).where(eq(ticketSales.eventId, event.id))
  if (!sale || (!sale.published && !input.includeUnpublished)) {
    throw new AppError('NOT_FOUND', `${event.title} has no tickets on sale.`)
  }
  const types = await db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, event.id))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.name))
  const typeIds = types.map((t) => t.id)
  const waiting = typeIds.length
    ? await db
        .select({ typeId: ticketWaitlist.ticketTypeId, n: sql<number>`count(*)::int` })
        .from(ticketWaitlist)
        .where(and(inArray(ticketWaitlist.ticketTypeId, typeIds), eq(ticketWaitlist.status, 'WAITING')))
        .groupBy(ticketWaitlist.ticketTypeId)
    : []
  const mine =
    ctx.actor && typeIds.length
      ? await db
          .select()
          .from(ballotRequests)
          .leftJoin(ballotGroups, eq(ballotGroups.id, ballotRequests.groupId))
          .where(and(inArray(ballotRequests.ticketTypeId, typeIds), eq(ballotRequests.userId, ctx.actor.id)))
      : []
  const capacityLeft = sale.capacity - sale.taken
  const now = ctx.now()
  return {
    eventSlug: event.slug,
    eventTitle: event.title,
    published: sale.published,
    capacity: sale.capacity,
    capacityLeft,
    types: types.map((t) => {
      const my = mine.find((m) => m.ballot_requests.ticketTypeId === t.id)
      return {
        ...t,
        left: ticketsLeft(t, capacityLeft),
        onSale: saleOpen(t, now) && !t.drawnAt,
        waitlistLength: Number(waiting.find((w) => w.typeId === t.id)?.n ?? 0),
        myRequest: my ? requestView(my.ballot_requests, my.ballot_groups) : null,
      }
    }),
  }
}

export interface MyTicketView {
  id: string
  code: string
  status: TicketStatus
  attendeeName: string
  /** The seat or table as the ticket shows it ("Table 3", "Seat A12"), when assigned. */
  seat: string | null
  checkedInAt: Date | null
  eventSlug: string
  eventTitle: string
  eventStart: Date
  typeName: string
  typeInfo: string
  orderStatus: OrderStatus
  reference: string
  owedPence: number
  payBy: Date | null
}

async function ticketViews(db: Db, where: ReturnType<typeof and>): Promise<MyTicketView[]> {
  const rows = await db
    .select({
      ticket: tickets,
      order: ticketOrders,
      type: ticketTypes,
      event: events,
      seating: ticketSales.seating,
    })
    .from(tickets)
    .innerJoin(ticketOrders, eq(ticketOrders.id, tickets.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(ticketSales, eq(ticketSales.eventId, tickets.eventId))
    .where(where)
    .orderBy(asc(events.startDate), asc(tickets.attendeeName))
  const orderIds = [...new Set(rows.map((r) => r.order.id))]
  const paid = orderIds.length
    ? await db
        .select({ orderId: ticketPayments.orderId, n: sql<number>`sum(${ticketPayments.amountPence})::int` })
        .from(ticketPayments)
        .where(inArray(ticketPayments.orderId, orderIds))
        .groupBy(ticketPayments.orderId)
    : []
  return rows.map(({ ticket, order, type, event, seating }) => ({
    id: ticket.id,
    code: ticket.code,
    status: ticket.status,
    attendeeName: ticket.attendeeName,
    seat: seatText({ mode: seating ?? 'SEATS' }, ticket.seat),
    checkedInAt: ticket.checkedInAt,
    eventSlug: event.slug,
    eventTitle: event.title,
    eventStart: event.startDate,
    typeName: type.name,
    typeInfo: type.info,
    orderStatus: order.status,
    reference: order.reference,
    owedPence: Math.max(0, order.amountPence - Number(paid.find((p) => p.orderId === order.id)?.n ?? 0)),
    payBy: order.payBy,
  }))
}

/** The signed-in member's tickets for events that have not ended (ordered with their account or email). */
export async function myTickets(ctx: RequestContext): Promise<MyTicketView[]> {
  const actor = ctx.actor
  if (!actor) return []
  return ticketViews(
    ctx.services.db,
    and(
      // A transferred ticket is its new holder's, no longer the buyer's.
      or(
        eq(sql`lower(${tickets.holderEmail})`, actor.email.toLowerCase()),
        and(
          isNull(tickets.holderEmail),
          or(
            eq(ticketOrders.userId, actor.id),
            eq(sql`lower(${ticketOrders.email})`, actor.email.toLowerCase()),
          ),
        ),
      ),
      inArray(tickets.status, ['VALID', 'CHECKED_IN']),
      gte(events.endDate, ctx.now()),
    ),
  )
}

/** One ticket by its secret code (the emailed link): whoever holds the code holds the ticket. */
export async function ticketByCode(ctx: RequestContext, code: string): Promise<MyTicketView | null> {
  const [view] = await ticketViews(
    ctx.services.db,
    and(eq(tickets.code, code.trim()), eq(tickets.status, 'VALID')),
  )
  return view ?? null
}

export interface OrderView {
  id: string
  buyerName: string
  email: string
  typeName: string
  quantity: number
  amountPence: number
  paidPence: number
  /** Paid beyond what the order now costs (after a cancellation): staff pay it back. */
  refundDuePence: number
  status: OrderStatus
  source: OrderSource
  payment: PaymentChoice
  reference: string
  payBy: Date | null
  createdAt: Date
}

/** Every order of an event, newest first, with what was paid. */
export async function listOrders(db: Db, eventId: string): Promise<OrderView[]> {
  const rows = await db
    .select({
      order: ticketOrders,
      typeName: ticketTypes.name,
      paid: sql<number>`coalesce((select sum(${ticketPayments.amountPence}) from ${ticketPayments} where ${ticketPayments.orderId} = ${ticketOrders.id}), 0)::int`,
    })
    .from(ticketOrders)
    .innerJoin(ticketTypes, eq(ticketTypes.id, ticketOrders.ticketTypeId))
    .where(eq(ticketOrders.eventId, eventId))
    .orderBy(desc(ticketOrders.createdAt))
  return rows.map(({ order, typeName, paid }) => ({
    ...order,
    typeName,
    paidPence: Number(paid),
    refundDuePence: refundDue(Number(paid), order.status === 'CANCELLED' ? 0 : order.amountPence),
  }))
}

/** The ballot requests of a type with their groups, in draw order once drawn. */
export async function listBallotRequests(db: Db, typeId: string): Promise<BallotRequestView[]> {
  const rows = await db
    .select()
    .from(ballotRequests)
    .leftJoin(ballotGroups, eq(ballotGroups.id, ballotRequests.groupId))
    .where(eq(ballotRequests.ticketTypeId, typeId))
    .orderBy(asc(ballotRequests.drawPosition), asc(ballotRequests.createdAt))
  return rows.map((r) => requestView(r.ballot_requests, r.ballot_groups))
}
