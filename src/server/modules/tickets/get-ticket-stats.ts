import { and, eq, inArray, sql } from 'drizzle-orm'
import { cellLabel, protectLine } from '#core/reports/disclosure.ts'
import type { RequestContext } from '#server/context.ts'
import { ballotRequests, tickets, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { listOrders, type OrderView } from './tickets.queries.ts'

export interface TypeStats {
  name: string
  quota: number
  /** Tickets of paid orders. */
  sold: number
  /** Tickets of orders still awaiting payment. */
  held: number
  checkedIn: number
  revenuePence: number
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
  /** Tickets ordered per day (UTC), for the chart. */
  salesByDay: { day: string; tickets: number; cumulative: number }[]
  ballots: BallotDemand[]
  orders: OrderView[]
}

/** Ticket Stats (superAdmin, boardMember, orchestraAdmin; a ticketAdmin is refused: not their role). */
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
    const mine = live.filter((o) => o.typeName === t.name)
    return {
      name: t.name,
      quota: t.quota,
      sold: mine.filter((o) => o.status === 'PAID').reduce((s, o) => s + o.quantity, 0),
      held: mine
        .filter((o) => o.status === 'AWAITING_PAYMENT' || o.status === 'HELD')
        .reduce((s, o) => s + o.quantity, 0),
      checkedIn: Number(checked.find((c) => c.typeId === t.id)?.n ?? 0),
      revenuePence: mine.reduce((s, o) => s + o.paidPence, 0),
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
  return { eventSlug: event.slug, eventTitle: event.title, types: typeStats, salesByDay, ballots, orders }
}
