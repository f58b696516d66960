import { SCHEDULE_KINDS } from '#core/events/event-config.schemas.ts'
import { builder } from '#server/graphql/builder.ts'

export const ScheduleKindEnum = builder.enumType('ScheduleKind', {
  description: 'A rehearsal or a performance of an event.',
  values: SCHEDULE_KINDS,
})
