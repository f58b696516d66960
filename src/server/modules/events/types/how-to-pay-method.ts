import { HOW_TO_PAY_METHODS } from '#core/events/event-config.schemas.ts'
import { builder } from '#server/graphql/builder.ts'

export const HowToPayMethodEnum = builder.enumType('HowToPayMethod', {
  description: 'How members pay what they owe for an event.',
  values: HOW_TO_PAY_METHODS,
})
