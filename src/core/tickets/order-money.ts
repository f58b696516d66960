import type { OrderStatus } from './tickets.ts'

/**
 * An order's money as three separate figures (PRODUCT.md §10): what was sold (the value of the
 * tickets issued), what was paid (net of refunds), and what is still outstanding. A checkout still
 * held has sold nothing yet; a cancelled order sells nothing, but what was paid on it stays paid
 * until it is refunded. Amounts are pence, shown with formatPence: "£0.00", never "Free".
 */
export interface MoneyFigures {
  soldPence: number
  paidPence: number
  outstandingPence: number
}

export function orderMoney(order: {
  status: OrderStatus
  amountPence: number
  paidPence: number
}): MoneyFigures {
  const issued = order.status === 'AWAITING_PAYMENT' || order.status === 'PAID'
  const soldPence = issued ? order.amountPence : 0
  return {
    soldPence,
    paidPence: order.paidPence,
    outstandingPence: Math.max(0, soldPence - order.paidPence),
  }
}

/** The figures of several orders added up (a ticket type's, an event's). */
export function totalMoney(figures: readonly MoneyFigures[]): MoneyFigures {
  return figures.reduce(
    (sum, f) => ({
      soldPence: sum.soldPence + f.soldPence,
      paidPence: sum.paidPence + f.paidPence,
      outstandingPence: sum.outstandingPence + f.outstandingPence,
    }),
    { soldPence: 0, paidPence: 0, outstandingPence: 0 },
  )
}
