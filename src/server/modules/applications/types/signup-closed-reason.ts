import { SIGNUP_CLOSED_REASONS } from '#core/events/signup.ts'
import { builder } from '#server/graphql/builder.ts'

export const SignupClosedReasonEnum = builder.enumType('SignupClosedReason', {
  description: 'Why members cannot apply now (its words are ApplicationForm.closedMessage).',
  values: SIGNUP_CLOSED_REASONS,
})
