import type { OrderStatus, TicketStatus, WaitlistStatus } from './tickets.ts'

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
