import { EVENT_VISIBILITIES } from '#core/events/event.ts'
import { builder } from '#server/graphql/builder.ts'

export const EventVisibilityEnum = builder.enumType('EventVisibility', { values: EVENT_VISIBILITIES })
