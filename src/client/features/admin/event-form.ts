import { eventInputSchema, type EventInputRaw } from '#core/events/event.schemas.ts'
import type { EventType, EventVisibility } from '#core/events/event.ts'
import { fromDateTimeLocal, toDateTimeLocal } from './datetime-local.ts'

/** The event form's fields, as the inputs hold them (strings; dates as datetime-local values). */
export interface EventFormValues {
  slug: string
  type: EventType
  title: string
  showName: string
  summary: string
  description: string
  venue: string
  startDate: string
  endDate: string
  signupDeadline: string
  visibility: EventVisibility
}

export const EVENT_FORM_FIELDS = [
  'slug',
  'type',
  'title',
  'showName',
  'summary',
  'description',
  'venue',
  'startDate',
  'endDate',
  'signupDeadline',
  'visibility',
] as const satisfies readonly (keyof EventFormValues)[]

export const EMPTY_EVENT_FORM: EventFormValues = {
  slug: '',
  type: 'CONCERT',
  title: '',
  showName: '',
  summary: '',
  description: '',
  venue: '',
  startDate: '',
  endDate: '',
  signupDeadline: '',
  visibility: 'draft',
}

/** An event from the API as form values. */
export function eventToForm(event: {
  slug: string
  type: string
  title: string
  showName?: string | null
  summary: string
  description: string
  venue: string
  startDate: string
  endDate: string
  signupDeadline?: string | null
  visibility: string
}): EventFormValues {
  return {
    slug: event.slug,
    type: event.type as EventType,
    title: event.title,
    showName: event.showName ?? '',
    summary: event.summary,
    description: event.description,
    venue: event.venue,
    startDate: toDateTimeLocal(event.startDate),
    endDate: toDateTimeLocal(event.endDate),
    signupDeadline: toDateTimeLocal(event.signupDeadline),
    visibility: event.visibility as EventVisibility,
  }
}

/**
 * The mutation input for the form values (plus what the form does not edit, kept as it was), or the
 * problems `eventInputSchema` finds, keyed by field: the same check the server makes.
 */
export function formToInput(
  values: EventFormValues,
  kept: Pick<EventInputRaw, 'audienceTypes' | 'eventConfig'> = {},
): { input: EventInputRaw; errors: null } | { input: null; errors: Record<string, string> } {
  const input: EventInputRaw = {
    ...kept,
    slug: values.slug,
    type: values.type,
    title: values.title,
    showName: values.showName.trim() ? values.showName : null,
    summary: values.summary,
    description: values.description,
    venue: values.venue,
    startDate: fromDateTimeLocal(values.startDate) ?? '',
    endDate: fromDateTimeLocal(values.endDate) ?? '',
    signupDeadline: fromDateTimeLocal(values.signupDeadline),
    visibility: values.visibility,
  }
  const parsed = eventInputSchema.safeParse(input)
  if (parsed.success) return { input, errors: null }
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '')
    if (!(key in errors)) errors[key] = issue.message
  }
  return { input: null, errors }
}
