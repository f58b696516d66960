// The call to action's words, apart from the rule (sale-call-to-action.ts) so that the member home,
// in the first load, shows them without pulling in the ticket schemas (and zod) with the rule.

/**
 * What a page showing an event offers about its tickets while a sale is published: buy them, enter
 * the ballot, join the waitlist, or the plain fact that they are sold out. One rule for the listings,
 * the member home and both event pages (the server answers it as `Event.ticketCallToAction`).
 */
export const SALE_CALLS_TO_ACTION = ['BUY', 'BALLOT', 'WAITLIST', 'SOLD_OUT'] as const
export type SaleCallToAction = (typeof SALE_CALLS_TO_ACTION)[number]

/** The words of each call to action, once for every page. */
export const SALE_CALL_TO_ACTION_LABEL: Readonly<Record<SaleCallToAction, string>> = {
  BUY: 'Buy tickets',
  BALLOT: 'Enter the ballot',
  WAITLIST: 'Join the waitlist',
  SOLD_OUT: 'Sold out',
}

/**
 * Where the signed-in viewer already stands with the event's tickets (`Event.myTicketStanding`): they
 * hold tickets, their ballot request waits for the draw, or they wait on the waitlist.
 */
export const TICKET_STANDINGS = ['HOLDS_TICKETS', 'IN_BALLOT', 'ON_WAITLIST'] as const
export type TicketStanding = (typeof TICKET_STANDINGS)[number]

/** The words of each standing, once for every page: the first links to /tickets, the others to the shop. */
export const TICKET_STANDING_LABEL: Readonly<Record<TicketStanding, string>> = {
  HOLDS_TICKETS: 'Your tickets',
  IN_BALLOT: 'You’re in the ballot',
  ON_WAITLIST: 'You’re on the waitlist',
}
