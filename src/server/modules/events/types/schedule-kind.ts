import { builder } from '#server/graphql/builder.ts'

export const ScheduleKindEnum = builder.enumType('ScheduleKind', {
  description: 'A rehearsal or a performance of an event.',
  values: ['REHEARSAL', 'PERFORMANCE'] as const,
})
