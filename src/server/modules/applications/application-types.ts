import type { ApplicationTypeConfig } from '#core/events/event-config.schemas.ts'
import type { events } from '#server/db/schema/index.ts'

type EventRow = typeof events.$inferSelect

/** An event's application types by key, as stored (already checked when the event was saved). */
export const typesOf = (event: Pick<EventRow, 'eventConfig'>): Record<string, ApplicationTypeConfig> =>
  event.eventConfig.applicationTypes ?? {}

/** A type's label ("Singer"), or its key when the event no longer has it. */
export const typeLabel = (event: Pick<EventRow, 'eventConfig'>, type: string) =>
  typesOf(event)[type]?.label ?? type
