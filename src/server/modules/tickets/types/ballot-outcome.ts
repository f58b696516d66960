import { BALLOT_OUTCOMES } from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'

export const BallotOutcomeEnum = builder.enumType('BallotOutcome', {
  description: 'A ballot request before the draw (PENDING), then WON or on the WAITLIST.',
  values: BALLOT_OUTCOMES,
})
