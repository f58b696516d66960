import type { OrderStatus } from './tickets.ts'

// An order placed without sign-in is confirmed from a link emailed to its address before its
// tickets are issued (issue 26, finding 9; decision 0035): a made-up address keeps tickets only
// until EMAIL_CONFIRM_HOURS have passed, then they go back on sale.

/** How long an order placed without sign-in waits for its emailed link before it lapses. */
export const EMAIL_CONFIRM_HOURS: number = 2

/** "2 hours": the wait said the same way on the checkout, the link's page and in the email. */
export const EMAIL_CONFIRM_WAIT = `${EMAIL_CONFIRM_HOURS} hour${EMAIL_CONFIRM_HOURS === 1 ? '' : 's'}`

/**
 * Whether an order waits for a link emailed to its address before its tickets are issued: when the
 * buyer was not signed in and nothing has yet shown the address is theirs. A waitlist offer's link
 * was itself emailed, so claiming it shows that; a checkout's hold was answered to the browser, so
 * it does not. Nothing is paid at once at the door, by transfer, or for free tickets, so this holds
 * whatever the price: free tickets to made-up addresses empty a sale as well. An order paid by card
 * online does not wait (decision 0054): the buyer really paid, so hoarding costs the whole price,
 * and they land on the order's page with every ticket whatever address they typed.
 */
export function needsEmailConfirmation(order: {
  signedIn: boolean
  addressShown: boolean
  paidByCard?: boolean
}): boolean {
  return !order.signedIn && !order.addressShown && !order.paidByCard
}

/** The moment an order waiting for its emailed link lapses, counted from `now`. */
export function emailConfirmDeadline(now: Date): Date {
  return new Date(now.getTime() + EMAIL_CONFIRM_HOURS * 3_600_000)
}

/** What an emailed link finds: an order to confirm, one confirmed already, one lapsed, or nothing. */
export const EMAILED_ORDER_STATES = ['OPEN', 'CONFIRMED', 'LAPSED', 'UNKNOWN'] as const
export type EmailedOrderState = (typeof EMAILED_ORDER_STATES)[number]

/**
 * The state of the order an emailed link names. `waiting` is whether it still carries the names
 * kept for its tickets (cleared when the link is used, so an order cancelled later by staff still
 * reads as confirmed). A HELD order past its time is LAPSED even before the release job has run.
 */
export function emailedOrderState(
  order: { status: OrderStatus; payBy: Date | null; waiting: boolean } | undefined,
  now: Date,
): EmailedOrderState {
  if (!order) return 'UNKNOWN'
  if (order.status === 'HELD') {
    return order.waiting && order.payBy && order.payBy.getTime() > now.getTime() ? 'OPEN' : 'LAPSED'
  }
  if (order.status === 'CANCELLED' && order.waiting) return 'LAPSED'
  return 'CONFIRMED'
}
