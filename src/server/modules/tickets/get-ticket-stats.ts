import { and, eq, inArray, sql } from 'drizzle-orm'
import { cellLabel, protectLine } from '#core/reports/disclosure.ts'
import { moneyByMethod, type MoneyByMethod } from '#core/payments/money-by-method.ts'
import { orderMoney, totalMoney, type MoneyFigures } from '#core/tickets/order-money.ts'
import type { RequestContext } from '#server/context.ts'
import {
  ballotRequests,
  ticketOrders,
  ticketPayments,
  tickets,
  ticketTypes,
} from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { listOrders, type OrderView } from './tickets.queries.ts'

export interface TypeStats extends MoneyFigures {
  name: string
  quota: number
  /** Tickets issued: in orders paid or still to pay. */
  sold: number
  /** Tickets held for checkouts and waitlist offers not yet confirmed. */
  held: number
  checkedIn: number
}

export interface BallotDemand {
  typeName: string
  supply: number
  requested: number
  /** Tickets requested by participants and by everyone else, protected (they tell who is in the show). */
  participants: string
  others: string
}

export interface TicketStatsView {
  eventSlug: string
  eventTitle: string
  types: TypeStats[]
  /** The whole sale's money: every order's, added up. */
  total: MoneyFigures
  /** What was received and refunded, by method (card online, bank transfer, cash…); net is `total.paidPence`. */
  byMethod: MoneyByMethod
  /** Tickets ordered per day (UTC), for the chart. */
  salesByDay: { day: string; tickets: number; cumulative: number }[]
  ballots: BallotDemand[]
  orders: OrderView[]
}

/** Ticket Stats (superAdmin, boardMember, orchestraAdmin; a ticketAdmin is refused: not their role). */
/** One line's part of its order's money (sold, paid, outstanding), by what the lines cost. */
function lineMoney(order: OrderView, line: OrderView['lines'][number]): MoneyFigures {
  const whole = order.lines.reduce((s, l) => s + l.quantity * l.unitPricePence, 0)
  const part = (pence: number) =>
    whole === 0 ? 0 : Math.round((pence * line.quantity * line.unitPricePence) / whole)
  return orderMoney({
    status: order.status,
    amountPence: part(order.amountPence),
    paidPence: part(order.paidPence),
  })
}

export async function getTicketStats(
  ctx: RequestContext,
  input: { eventSlug: string },
): Promise<TicketStatsView> {
  authorize(ctx.actor, 'admin.ticketStats')
  const db = ctx.services.db
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const types = await db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, event.id))
    .orderBy(ticketTypes.position)
  const orders = await listOrders(db, event.id)
  const live = orders.filter((o) => o.status !== 'CANCELLED')
  const checked = await db
    .select({ typeId: tickets.ticketTypeId, n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.eventId, event.id), eq(tickets.status, 'CHECKED_IN')))
    .groupBy(tickets.ticketTypeId)
  const typeStats = types.map((t) => {
    // Each order's line of this type; its money is the order's shared between its lines by what
    // they cost. Money paid on a cancelled order stays paid until refunded: every order counts for it.
    const linesOf = (list: OrderView[]) =>
      list.flatMap((o) => o.lines.filter((l) => l.ticketTypeId === t.id).map((l) => ({ order: o, line: l })))
    const mine = linesOf(live)
    const money = totalMoney(linesOf(orders).map(({ order, line }) => lineMoney(order, line)))
    return {
      name: t.name,
      quota: t.quota,
      sold: mine.filter((m) => m.order.status !== 'HELD').reduce((s, m) => s + m.line.quantity, 0),
      held: mine.filter((m) => m.order.status === 'HELD').reduce((s, m) => s + m.line.quantity, 0),
      checkedIn: Number(checked.find((c) => c.typeId === t.id)?.n ?? 0),
      ...money,
    }
  })
  const perDay = new Map<string, number>()
  for (const o of [...live].reverse()) {
    const day = o.createdAt.toISOString().slice(0, 10)
    perDay.set(day, (perDay.get(day) ?? 0) + o.quantity)
  }
  let cumulative = 0
  const salesByDay = [...perDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, n]) => ({ day, tickets: n, cumulative: (cumulative += n) }))
  // Every payment and refund on the event's orders, by method: whoever recorded it (staff, the door,
  // the card provider's webhook), the ledger row says how the money came.
  const ledger = await db
    .select({ method: ticketPayments.method, amountPence: ticketPayments.amountPence })
    .from(ticketPayments)
    .innerJoin(ticketOrders, eq(ticketOrders.id, ticketPayments.orderId))
    .where(eq(ticketOrders.eventId, event.id))
  const ballotTypes = types.filter((t) => t.mode === 'BALLOT')
  const demand = ballotTypes.length
    ? await db
        .select({
          typeId: ballotRequests.ticketTypeId,
          participant: sql<boolean>`${ballotRequests.priority} = 0`,
          n: sql<number>`sum(${ballotRequests.quantity})::int`,
        })
        .from(ballotRequests)
        .where(
          inArray(
            ballotRequests.ticketTypeId,
            ballotTypes.map((t) => t.id),
          ),
        )
        .groupBy(ballotRequests.ticketTypeId, sql`${ballotRequests.priority} = 0`)
    : []
  const ballots = ballotTypes.map((t) => {
    const p = Number(demand.find((d) => d.typeId === t.id && d.participant)?.n ?? 0)
    const o = Number(demand.find((d) => d.typeId === t.id && !d.participant)?.n ?? 0)
    const [pc, oc] = protectLine([p, o])
    return {
      typeName: t.name,
      supply: t.quota,
      requested: p + o,
      participants: cellLabel(pc!),
      others: cellLabel(oc!),
    }
  })
  return {
    eventSlug: event.slug,
    eventTitle: event.title,
    types: typeStats,
    // Added up by order, not by type: a type's share of an order is rounded, the order's is exact.
    total: totalMoney(orders.map((o) => orderMoney(o))),
    byMethod: moneyByMethod(ledger),
    salesByDay,
    ballots,
    orders,
  }
}
