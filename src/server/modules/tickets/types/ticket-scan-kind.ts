import { DOOR_PAYMENT_METHODS, DOOR_VERDICTS, SCAN_KINDS } from '#core/tickets/door.ts'
import { builder } from '#server/graphql/builder.ts'

export const TicketScanKindEnum = builder.enumType('TicketScanKind', {
  description: 'What a door scan found: VALID, COLLECT (owes money), ALREADY_USED, WRONG_EVENT or UNKNOWN.',
  values: SCAN_KINDS,
})

export const DoorVerdictEnum = builder.enumType('DoorVerdict', {
  description: 'What the door does: ADMIT (green), COLLECT money first (amber) or REFUSE (red).',
  values: DOOR_VERDICTS,
})

export const DoorPaymentMethodEnum = builder.enumType('DoorPaymentMethod', {
  description: 'Money taken at the door: CASH, or CARD on the society’s own reader.',
  values: DOOR_PAYMENT_METHODS,
})
