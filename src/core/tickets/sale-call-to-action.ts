import { hasEnded } from '#core/events/event.ts'
import { saleOpen, ticketsLeft, type TicketAudience, type TicketMode } from './tickets.ts'

export {
  SALE_CALLS_TO_ACTION,
  SALE_CALL_TO_ACTION_LABEL,
  TICKET_STANDINGS,
  TICKET_STANDING_LABEL,
  type SaleCallToAction,
  type TicketStanding,
} from './sale-call-to-action-words.ts'
import type { SaleCallToAction, TicketStanding } from './sale-call-to-action-words.ts'

export interface CallToActionSale {
  published: boolean
  capacity: number
  taken: number
  types: readonly {
    id: string
    mode: TicketMode
    audience: TicketAudience
    /** Sold only with a code that unlocks it: never what a page offers. */
    hidden: boolean
    quota: number
    taken: number
    perPersonLimit: number
    saleStartsAt: Date | null
    saleEndsAt: Date | null
    drawnAt: Date | null
  }[]
}

/** What a signed-in viewer already has of an event's tickets. */
export interface ViewerTickets {
  /** Tickets they hold for the event (valid or checked in, their own or passed to them). */
  held: number
  /** By type id: tickets they ordered, as the per-person limit counts them. */
  ordered: Readonly<Record<string, number>>
  /** Types whose ballot they entered, not drawn yet. */
  requested: readonly string[]
  /** Types whose waitlist they are on (waiting, or offered tickets to claim). */
  waiting: readonly string[]
}

/** What a page offers this viewer about an event's tickets, and where they already stand. */
export interface ViewerCallToAction {
  action: SaleCallToAction | null
  standing: TicketStanding | null
}

/**
 * The call to action for an event's sale at `now` for a viewer (null: signed out), and where that
 * viewer stands. No action when there is none to make: no sale, a sale not published, an event that
 * has ended, or no type on sale yet (or any more, with tickets left). Committee comps and hidden
 * types are never offered. In order: any first-come type on sale with tickets left that the viewer
 * may still buy (per-person limit) is BUY; else a ballot taking requests the viewer has not entered
 * is BALLOT; else a type sold out while its sale still runs, whose waitlist the viewer is not on, is
 * WAITLIST; else, every type gone, SOLD_OUT. The standing: HOLDS_TICKETS ("Your tickets") before
 * IN_BALLOT before ON_WAITLIST, until the event ends.
 */
export function viewerCallToAction(
  sale: CallToActionSale | null | undefined,
  event: { endDate: Date | string },
  now: Date,
  viewer: ViewerTickets | null,
): ViewerCallToAction {
  if (hasEnded(event, now)) return { action: null, standing: null }
  const standing: TicketStanding | null = !viewer
    ? null
    : viewer.held > 0
      ? 'HOLDS_TICKETS'
      : viewer.requested.length > 0
        ? 'IN_BALLOT'
        : viewer.waiting.length > 0
          ? 'ON_WAITLIST'
          : null
  if (!sale?.published) return { action: null, standing }
  const offered = sale.types.filter((t) => t.audience !== 'COMP' && !t.hidden)
  if (offered.length === 0) return { action: null, standing }
  type Type = (typeof offered)[number]
  const capacityLeft = sale.capacity - sale.taken
  const left = (t: Type) => ticketsLeft(t, capacityLeft)
  const running = (t: Type) => !t.saleEndsAt || now < t.saleEndsAt
  const mayBuyMore = (t: Type) => !viewer || (viewer.ordered[t.id] ?? 0) < t.perPersonLimit
  const action = ((): SaleCallToAction | null => {
    if (offered.some((t) => t.mode === 'FIRST_COME' && saleOpen(t, now) && left(t) > 0 && mayBuyMore(t)))
      return 'BUY'
    if (
      offered.some(
        (t) => t.mode === 'BALLOT' && saleOpen(t, now) && !t.drawnAt && !viewer?.requested.includes(t.id),
      )
    )
      return 'BALLOT'
    if (offered.some((t) => left(t) === 0 && running(t) && !viewer?.waiting.includes(t.id))) return 'WAITLIST'
    if (offered.every((t) => left(t) === 0)) return 'SOLD_OUT'
    return null
  })()
  return { action, standing }
}

/** The call to action for anyone (signed out): `viewerCallToAction` without a viewer. */
export function saleCallToAction(
  sale: CallToActionSale | null | undefined,
  event: { endDate: Date | string },
  now: Date,
): SaleCallToAction | null {
  return viewerCallToAction(sale, event, now, null).action
}
