import { SCAN_KINDS } from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'

export const TicketScanKindEnum = builder.enumType('TicketScanKind', {
  description: 'What a door scan found: VALID, ALREADY_USED, WRONG_EVENT or UNKNOWN.',
  values: SCAN_KINDS,
})
