import { USER_CHANGE_REASONS } from '#server/realtime/topics.ts'
import { builder } from '#server/graphql/builder.ts'

export const AccountChangeReasonEnum = builder.enumType('AccountChangeReason', {
  description: 'Why the signed-in account changed: roles, sessions, deleted or profile.',
  values: USER_CHANGE_REASONS,
})
