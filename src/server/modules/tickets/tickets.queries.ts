import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import type { PaymentMethod } from '#core/applications/payments.ts'
import {
  refundDue,
  saleOpen,
  ticketsLeft,
  type OrderSource,
  type OrderStatus,
  type PaymentChoice,
  type TicketAudience,
  type TicketMode,
  type TicketStatus,
} from '#core/tickets/tickets.ts'
import { seatText } from '#core/tickets/seating.ts'
import { orderMoney } from '#core/tickets/order-money.ts'
import { orderReceiptPath } from '#core/payments/receipt-paths.ts'
import { describeLines } from '#core/tickets/basket.ts'
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
  ticketVouchers,
  ticketWaitlist,
} from '#server/db/schema/index.ts'
import { unlockedTypeIds } from './vouchers.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { linesOfEventOrders } from './order-lines.ts'
import { orderedByAccount } from './call-to-action.queries.ts'
import { requestView, type BallotRequestView } from './ballot-requests.queries.ts'

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
  /** Shown in the shop only with a code that unlocks it. */
  hidden: boolean
  ballotSeed: string | null
  waitlistLength: number
  /** The viewer's own ballot request, if any. */
  myRequest: BallotRequestView | null
  /** Tickets of this type the signed-in viewer has ordered (the per-person limit counts them). */
  myTicketCount: number
  /** The viewer's place on this type's waitlist (1: next), while they wait; null otherwise. */
  myWaitlistPosition: number | null
}

export interface TicketShopView {
  /** The event as its pages show it: the shop's header gives its date, time and venue. */
  event: typeof events.$inferSelect
  eventSlug: string
  eventTitle: string
  published: boolean
  capacity: number
  capacityLeft: number
  types: TicketTypeView[]
}

/** An event's ticket types with what is left, for the shop (unpublished sales: NOT_FOUND for visitors). */
export async function getTicketShop(
  ctx: RequestContext,
  input: { eventSlug: string; includeUnpublished?: boolean; voucherCode?: string | null },
): Promise<TicketShopView> {
  const db = ctx.services.db
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const [sale] = await db.select().from(ticketSales).where(eq(ticketSales.eventId, event.id))
  if (!sale || (!sale.published && !input.includeUnpublished)) {
    throw new AppError('NOT_FOUND', `${event.title} has no tickets on sale.`)
  }
  // A hidden type is in the shop only once a code that unlocks it is given; set-up sees every type.
  const unlocked = await unlockedTypeIds(ctx, event.id, input.voucherCode)
  const types = (
    await db
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, event.id))
      .orderBy(asc(ticketTypes.position), asc(ticketTypes.name))
  ).filter((t) => input.includeUnpublished || !t.hidden || unlocked.includes(t.id))
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
  const ordered = ctx.actor ? await orderedByAccount(db, ctx.actor.id, [event.id]) : []
  const waitingRows =
    ctx.actor && typeIds.length
      ? await db
          .select({
            typeId: ticketWaitlist.ticketTypeId,
            position: ticketWaitlist.position,
            userId: ticketWaitlist.userId,
          })
          .from(ticketWaitlist)
          .where(and(inArray(ticketWaitlist.ticketTypeId, typeIds), eq(ticketWaitlist.status, 'WAITING')))
      : []
  /** The viewer's place in line: those still waiting ahead of them, plus one. */
  const placeOf = (typeId: string): number | null => {
    const line = waitingRows.filter((w) => w.typeId === typeId)
    const me = line.find((w) => w.userId === ctx.actor?.id)
    return me ? line.filter((w) => w.position <= me.position).length : null
  }
  const capacityLeft = sale.capacity - sale.taken
  const now = ctx.now()
  return {
    event,
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
        myTicketCount: ordered.find((o) => o.typeId === t.id)?.n ?? 0,
        myWaitlistPosition: placeOf(t.id),
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
  /** Set once the ticket was passed on (transferred): it is then its new holder's. */
  holderEmail: string | null
  eventSlug: string
  eventTitle: string
  eventStart: Date
  typeName: string
  typeInfo: string
  orderStatus: OrderStatus
  reference: string
  owedPence: number
  payBy: Date | null
  /** The buyer's (not a new holder's) ticket on an order with money received: its order's receipt. */
  receiptPath: string | null
}

/**
 * Tickets as their holder sees them. `withReceipt` (the signed-in buyer's own list only) adds the
 * order's receipt link, which carries the order page's secret: never for a view by ticket code.
 */
export async function ticketViews(
  db: Db,
  where: ReturnType<typeof and>,
  { withReceipt = false } = {},
): Promise<MyTicketView[]> {
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
        .select({
          orderId: ticketPayments.orderId,
          n: sql<number>`sum(${ticketPayments.amountPence})::int`,
          received: sql<number>`sum(greatest(${ticketPayments.amountPence}, 0))::int`,
        })
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
    holderEmail: ticket.holderEmail,
    eventSlug: event.slug,
    eventTitle: event.title,
    eventStart: event.startDate,
    typeName: type.name,
    typeInfo: type.info,
    orderStatus: order.status,
    reference: order.reference,
    owedPence: Math.max(0, order.amountPence - Number(paid.find((p) => p.orderId === order.id)?.n ?? 0)),
    payBy: order.payBy,
    receiptPath:
      withReceipt &&
      order.orderToken &&
      ticket.holderEmail === null &&
      Number(paid.find((p) => p.orderId === order.id)?.received ?? 0) > 0
        ? orderReceiptPath(order.orderToken)
        : null,
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
    { withReceipt: true },
  )
}

/**
 * One ticket by its secret code (the emailed link): whoever holds the code holds the ticket. A ticket
 * used at the door keeps its code (its page says when it was checked in; its PDF stays); only a
 * cancelled or transferred ticket's code is dead.
 */
export async function ticketByCode(ctx: RequestContext, code: string): Promise<MyTicketView | null> {
  const [view] = await ticketViews(
    ctx.services.db,
    and(eq(tickets.code, code.trim()), inArray(tickets.status, ['VALID', 'CHECKED_IN'])),
  )
  return view ?? null
}

export interface OrderView {
  id: string
  buyerName: string
  email: string
  /** The lines in words: "2 × Adult, 1 × Concession". */
  typeName: string
  lines: { ticketTypeId: string; quantity: number; unitPricePence: number }[]
  quantity: number
  amountPence: number
  /** What a voucher took off the order (`amountPence` is after it), and its code. */
  discountPence: number
  voucherCode: string | null
  paidPence: number
  /** Paid beyond what the order now costs (after a cancellation): staff pay it back. */
  refundDuePence: number
  /** Still owed on the order (core/tickets/order-money.ts): apart from what it cost and what was paid. */
  outstandingPence: number
  status: OrderStatus
  source: OrderSource
  payment: PaymentChoice
  reference: string
  payBy: Date | null
  createdAt: Date
  /** What is left to refund of the order's card (online) payments (decision 0054): 0 when none. */
  cardRefundablePence: number
  /** The order's ledger, oldest first: payments and (negative) refunds, every method. */
  payments: OrderPaymentView[]
}

export interface OrderPaymentView {
  id: string
  amountPence: number
  method: PaymentMethod
  reference: string
  recordedAt: Date
}

/** Every order of an event, newest first, with what was paid. */
export async function listOrders(db: Db, eventId: string): Promise<OrderView[]> {
  const [rows, lines, paymentRows] = await Promise.all([
    db
      .select({
        order: ticketOrders,
        voucherCode: ticketVouchers.code,
        // NOTE: written out whole: drizzle may leave columns unqualified, and the subquery's "id"
        // would be the payment's.
        paid: sql<number>`coalesce((select sum(p.amount_pence) from ticket_payments p where p.order_id = ticket_orders.id), 0)::int`,
        cardLeft: sql<number>`coalesce((select sum(c.amount_pence - coalesce((select sum(r.amount_pence) from card_refunds r where r.checkout_id = c.id), 0)) from card_checkouts c where c.order_id = ticket_orders.id and c.status = 'PAID'), 0)::int`,
      })
      .from(ticketOrders)
      .leftJoin(ticketVouchers, eq(ticketVouchers.id, ticketOrders.voucherId))
      .where(eq(ticketOrders.eventId, eventId))
      .orderBy(desc(ticketOrders.createdAt)),
    linesOfEventOrders(db, eventId),
    // By the event, not by a list of every order's id (decision 0053).
    db
      .select({ payment: ticketPayments })
      .from(ticketPayments)
      .innerJoin(ticketOrders, eq(ticketOrders.id, ticketPayments.orderId))
      .where(eq(ticketOrders.eventId, eventId))
      .orderBy(asc(ticketPayments.recordedAt)),
  ])
  const ledger = new Map<string, OrderPaymentView[]>()
  for (const { payment: p } of paymentRows) {
    const list = ledger.get(p.orderId) ?? []
    list.push({ ...p, method: p.method as PaymentMethod })
    ledger.set(p.orderId, list)
  }
  return rows.map(({ order, paid, voucherCode, cardLeft }) => ({
    ...order,
    voucherCode,
    cardRefundablePence: Number(cardLeft),
    payments: ledger.get(order.id) ?? [],
    typeName: describeLines(
      (lines.get(order.id) ?? []).map((l) => ({ quantity: l.quantity, typeName: l.type.name })),
    ),
    lines: (lines.get(order.id) ?? []).map((l) => ({
      ticketTypeId: l.type.id,
      quantity: l.quantity,
      unitPricePence: l.unitPricePence,
    })),
    paidPence: Number(paid),
    outstandingPence: orderMoney({ ...order, paidPence: Number(paid) }).outstandingPence,
    refundDuePence: refundDue(Number(paid), order.status === 'CANCELLED' ? 0 : order.amountPence),
  }))
}
