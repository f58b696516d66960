import type { BallotOutcome, OrderStatus, TicketStatus, WaitlistStatus } from './tickets.ts'

/**
 * How ticket, order and waitlist statuses read, once for every page (beside the applications'
 * status-wording.ts: "wording for a domain value lives once"). Plain words, never the codes.
 */

export const ORDER_STATUS_WORDING: Readonly<Record<OrderStatus, string>> = {
  HELD: 'Held',
  AWAITING_PAYMENT: 'To pay',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
}

export const TICKET_STATUS_WORDING: Readonly<Record<TicketStatus, string>> = {
  VALID: 'Valid',
  CHECKED_IN: 'Checked in',
  VOID: 'Cancelled',
}

export const WAITLIST_STATUS_WORDING: Readonly<Record<WaitlistStatus, string>> = {
  WAITING: 'Waiting',
  OFFERED: 'Offered',
  DONE: 'Done',
  LAPSED: 'Offer lapsed',
}

/** An order's status as staff read it; an unknown code (a newer server) reads as itself. */
export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_WORDING[status as OrderStatus] ?? status
}

/** A ticket's status as its holder and the door read it. */
export function ticketStatusLabel(status: string): string {
  return TICKET_STATUS_WORDING[status as TicketStatus] ?? status
}

/** A ballot request's outcome as staff and the member read it. */
export const BALLOT_OUTCOME_WORDING: Readonly<Record<BallotOutcome, string>> = {
  PENDING: 'Waiting for the draw',
  WON: 'Drawn: tickets offered',
  WAITLIST: 'Not drawn: on the waiting list',
}

/**
 * What a member who entered a ballot reads: before the draw, when it is (the close of requests,
 * formatted by the caller on the society's clocks, or the committee's word when there is no close);
 * after it, whether they were drawn.
 */
export function ballotNote(outcome: BallotOutcome, requestsCloseAt: string | null): string {
  if (outcome === 'WON') return 'You were drawn: your tickets are on the Tickets page, with how to pay.'
  if (outcome === 'WAITLIST')
    return 'Not drawn this time: you are on the waiting list, and will be emailed if tickets come back.'
  return requestsCloseAt
    ? `Requests close ${requestsCloseAt}; the committee draws soon after, and everyone hears by email.`
    : 'The committee draws once requests close; everyone hears by email, drawn or not.'
}
