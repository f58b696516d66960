import { AppError } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { listBallotRequests, type BallotRequestView } from './ballot-requests.queries.ts'
import { getTicketShop, listOrders, type OrderView, type TicketTypeView } from './tickets.queries.ts'

export interface AllocationView {
  eventSlug: string
  eventTitle: string
  capacity: number
  capacityLeft: number
  published: boolean
  types: TicketTypeView[]
  /** Every ballot request of the event (flat, so the query's cost stays one list deep). */
  requests: (BallotRequestView & { ticketTypeId: string })[]
  orders: OrderView[]
}

/** Ticket Allocation (superAdmin, ticketAdmin): types, ballot requests and groups, the draw, the orders. */
export async function getTicketAllocation(
  ctx: RequestContext,
  input: { eventSlug: string },
): Promise<AllocationView> {
  authorize(ctx.actor, 'admin.ticketAllocation')
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const shop = await getTicketShop(ctx, { eventSlug: event.slug, includeUnpublished: true }).catch(
    (error) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null
      throw error
    },
  )
  const db = ctx.services.db
  const types = shop?.types ?? []
  return {
    eventSlug: event.slug,
    eventTitle: event.title,
    capacity: shop?.capacity ?? 0,
    capacityLeft: shop?.capacityLeft ?? 0,
    published: shop?.published ?? false,
    types,
    requests: (
      await Promise.all(
        types
          .filter((t) => t.mode === 'BALLOT')
          .map(async (t) => (await listBallotRequests(db, t.id)).map((r) => ({ ...r, ticketTypeId: t.id }))),
      )
    ).flat(),
    orders: await listOrders(db, event.id),
  }
}
