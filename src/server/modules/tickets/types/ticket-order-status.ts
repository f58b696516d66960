import { ORDER_STATUSES } from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'

export const TicketOrderStatusEnum = builder.enumType('TicketOrderStatus', {
  description: 'HELD (checkout in progress or waitlist offer), AWAITING_PAYMENT, PAID or CANCELLED.',
  values: ORDER_STATUSES,
})
