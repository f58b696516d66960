import type { ApplicationTypeConfig } from '#core/events/event-config.schemas.ts'
import type { events } from '#server/db/schema/index.ts'

type EventRow = typeof events.$inferSelect

export const DAY_MS = 86_400_000

/** An event's application types by key, as stored (already checked when the event was saved). */
export const typesOf = (event: Pick<EventRow, 'eventConfig'>): Record<string, ApplicationTypeConfig> =>
  event.eventConfig.applicationTypes ?? {}

/** A type's label ("Singer"), or its key when the event no longer has it. */
export const typeLabel = (event: Pick<EventRow, 'eventConfig'>, type: string) =>
  typesOf(event)[type]?.label ?? type

/** How many days an offer of this type stays open (7 unless staff set otherwise). */
export const expiryDays = (event: Pick<EventRow, 'eventConfig'>, type: string) =>
  typesOf(event)[type]?.offerExpiryDays ?? 7
