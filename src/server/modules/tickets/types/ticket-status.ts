import { TICKET_STATUSES } from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'

export const TicketStatusEnum = builder.enumType('TicketStatus', {
  description: 'VALID until scanned (CHECKED_IN) or cancelled or transferred (VOID).',
  values: TICKET_STATUSES,
})
