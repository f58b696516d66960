import { builder } from '#server/graphql/builder.ts'

export const NavigationChangeReasonEnum = builder.enumType('NavigationChangeReason', {
  values: ['RELEASES', 'APPLICATION'] as const,
})
