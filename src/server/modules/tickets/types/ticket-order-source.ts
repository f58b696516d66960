import { ORDER_SOURCES } from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'

export const TicketOrderSourceEnum = builder.enumType('TicketOrderSource', {
  description: 'Where an order came from: a checkout (SALE) or a ballot win.',
  values: ORDER_SOURCES,
})
