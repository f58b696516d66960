import { ORDER_SOURCES } from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'

export const TicketOrderSourceEnum = builder.enumType('TicketOrderSource', {
  description: 'Where an order came from: a checkout (SALE), a ballot win, or the box office at the door.',
  values: ORDER_SOURCES,
})
