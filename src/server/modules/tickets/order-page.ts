import { and, eq, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { paymentInstructions, type PaymentInstructions } from '#core/applications/payment-instructions.ts'
import { orderReceiptPath } from '#core/payments/receipt-paths.ts'
import { orderMoney, type MoneyFigures } from '#core/tickets/order-money.ts'
import type { OrderStatus, PaymentChoice } from '#core/tickets/tickets.ts'
import type { RequestContext } from '#server/context.ts'
import { events, ticketOrders, ticketPayments, tickets, ticketVouchers } from '#server/db/schema/index.ts'
import type { EventRow } from '#server/modules/events/find-visible-event.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { ticketViews, type MyTicketView } from './tickets.queries.ts'

// An order's own page (issue 27, decision 0048): whoever holds the order's secret token (emailed
// with the tickets, shown after the checkout) sees the order, no account needed.

export const ORDER_LINK_INVALID = 'This order link is not valid.'

/** The order page's tokens are `newClaimToken()`s: 24 url-safe characters. */
export const ORDER_TOKEN = /^[\w-]{16,64}$/

export interface OrderPageTicket {
  view: MyTicketView
  /** Passed to someone else: theirs now, so the order page shows neither its code nor its actions. */
  passedOn: boolean
}

export interface OrderPageView extends MoneyFigures {
  id: string
  event: EventRow
  reference: string
  status: OrderStatus
  payment: PaymentChoice
  buyerName: string
  email: string
  tickets: OrderPageTicket[]
  /** What the voucher given with the order took off (`soldPence` is after it), and its code. */
  discountPence: number
  voucherCode: string | null
  /** The society's account and this order's reference, while a bank-transfer order owes money. */
  bankTransfer: PaymentInstructions | null
  /** The order's receipt (PDF), once money was received on it (decision 0052). */
  receiptPath: string | null
}

/**
 * The order with this page token, its tickets (cancelled ones too) and its money; NOT_FOUND for an
 * unknown token or an order not issued (held, or waiting for its emailed link; a held order whose
 * card payment is on its way has a token, and its page says so), with the same words
 * either way so the answer never says whether an order exists.
 */
export async function orderByToken(ctx: RequestContext, token: string): Promise<OrderPageView> {
  const trimmed = token.trim()
  if (!ORDER_TOKEN.test(trimmed)) throw new AppError('NOT_FOUND', ORDER_LINK_INVALID)
  const db = ctx.services.db
  const [row] = await db
    .select({ order: ticketOrders, event: events, voucherCode: ticketVouchers.code })
    .from(ticketOrders)
    .innerJoin(events, eq(events.id, ticketOrders.eventId))
    .leftJoin(ticketVouchers, eq(ticketVouchers.id, ticketOrders.voucherId))
    // NOTE: a HELD order has a page token only while its card payment is on its way (decision
    // 0054): its page says "Not paid yet"; every other HELD order has none, so stays NOT_FOUND.
    .where(eq(ticketOrders.orderToken, trimmed))
  if (!row) throw new AppError('NOT_FOUND', ORDER_LINK_INVALID)
  const { order, event, voucherCode } = row
  const [paid] = await db
    .select({
      n: sql<number>`coalesce(sum(${ticketPayments.amountPence}), 0)::int`,
      received: sql<number>`coalesce(sum(greatest(${ticketPayments.amountPence}, 0)), 0)::int`,
    })
    .from(ticketPayments)
    .where(eq(ticketPayments.orderId, order.id))
  const money = orderMoney({ ...order, paidPence: Number(paid?.n ?? 0) })
  const views = await ticketViews(db, and(eq(tickets.orderId, order.id)))
  const { bank } = await societySettingsOf(ctx.services)
  return {
    ...money,
    id: order.id,
    event,
    reference: order.reference,
    status: order.status,
    payment: order.payment,
    buyerName: order.buyerName,
    email: order.email,
    tickets: views.map((view) => ({ view, passedOn: view.holderEmail !== null })),
    discountPence: order.discountPence,
    voucherCode,
    bankTransfer:
      order.payment === 'BANK_TRANSFER' && money.outstandingPence > 0
        ? paymentInstructions({ method: 'BANK_TRANSFER' }, order.reference, bank)
        : null,
    receiptPath: Number(paid?.received ?? 0) > 0 ? orderReceiptPath(trimmed) : null,
  }
}

/** The tickets of the order its buyer still holds and may use: what the whole-order PDF prints. */
export function liveTickets(order: OrderPageView): MyTicketView[] {
  return order.tickets
    .filter((t) => !t.passedOn && (t.view.status === 'VALID' || t.view.status === 'CHECKED_IN'))
    .map((t) => t.view)
}
