import { SEATING_MODES } from '#core/tickets/seating.ts'
import { builder } from '#server/graphql/builder.ts'

export const SeatingModeEnum = builder.enumType('SeatingMode', {
  description: 'SEATS (one ticket per label) or TABLES.',
  values: SEATING_MODES,
})
