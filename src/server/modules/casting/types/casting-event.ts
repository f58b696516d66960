import type { EventType } from '#core/events/event.ts'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { builder } from '#server/graphql/builder.ts'
import { EventTypeEnum } from '#server/modules/events/types/event.ts'
import { CastingTypeOptionRef } from './casting-type-option.ts'

/** What the casting screens need of an event. */
export interface CastingEventInfo {
  id: string
  slug: string
  title: string
  type: EventType
  startDate: Date
  parts: string[]
  applicationTypes: { key: string; label: string }[]
}

/** An event row as the casting screens see it: its parts and application types. */
export function castingEventInfo(event: {
  id: string
  slug: string
  title: string
  type: EventType
  startDate: Date
  eventConfig: unknown
}): CastingEventInfo {
  const config = parseEventConfig(event.eventConfig)
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    type: event.type,
    startDate: event.startDate,
    parts: config.parts,
    applicationTypes: Object.entries(config.applicationTypes).map(([key, type]) => ({
      key,
      label: type.label,
    })),
  }
}

export const CastingEventRef = builder.objectRef<CastingEventInfo>('CastingEvent').implement({
  description: 'What the casting screens need of an event: its parts and application types.',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    type: t.field({ type: EventTypeEnum, resolve: (e) => e.type }),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    parts: t.exposeStringList('parts'),
    applicationTypes: t.field({ type: [CastingTypeOptionRef], resolve: (e) => e.applicationTypes }),
  }),
})
