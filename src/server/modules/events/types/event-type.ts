import { EVENT_TYPES } from '#core/events/event.ts'
import { builder } from '#server/graphql/builder.ts'

export const EventTypeEnum = builder.enumType('EventType', { values: EVENT_TYPES })
