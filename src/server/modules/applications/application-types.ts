import type { ApplicationTypeConfig, Question } from '#core/events/event-config.schemas.ts'
import type { events } from '#server/db/schema/index.ts'

type EventRow = typeof events.$inferSelect

/** An event's application types by key, as stored (already checked when the event was saved). */
export const typesOf = (event: Pick<EventRow, 'eventConfig'>): Record<string, ApplicationTypeConfig> =>
  event.eventConfig.applicationTypes ?? {}

/** A type's label ("Singer"), or its key when the event no longer has it. */
export const typeLabel = (event: Pick<EventRow, 'eventConfig'>, type: string) =>
  typesOf(event)[type]?.label ?? type

/**
 * A type's questions as stored (none when the event no longer has the type). Lists call this per
 * row: parsing the event's whole configuration again for each of 500 rows was a fifth of the
 * acceptance page's time (issue 32).
 */
export const questionsOf = (event: Pick<EventRow, 'eventConfig'>, type: string): readonly Question[] =>
  typesOf(event)[type]?.questions ?? []
