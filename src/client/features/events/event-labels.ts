import type { EventType } from '#core/events/event.ts'

// Application statuses and types read the same on every page: core/applications/status-wording.ts.

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  CHOIR_SEASON: 'Choir season',
  SINGTHROUGH: 'Sing-through',
  CONCERT: 'Concert',
  SHOW: 'Show',
  SOCIAL: 'Social',
}
