import { parsePounds } from '#core/applications/payments.ts'
import { penceToPounds } from '#client/components/ui/form/money-input.tsx'
import { eventInputSchema } from '#core/events/event.schemas.ts'
import type { EventType, EventVisibility } from '#core/events/event.ts'
import type { EventPermissions, QuestionKind } from '#core/events/event-config.schemas.ts'
import type { EventContentInput, EventInput } from '#client/gql/graphql.ts'
import { fromDateTimeLocal, toDateTimeLocal } from '#client/lib/datetime-local.ts'
import { formErrorsOf, type FormErrors } from './event-form-errors.ts'
import {
  CHOICE_KINDS,
  CONTENT_BLOCKS,
  DEFAULT_OFFER_EXPIRY_DAYS,
  TEXT_KINDS,
  type ContentBlock,
  type EventFormValues,
  type HowToPayFormValues,
} from './event-form-values.ts'

export * from './event-form-errors.ts'
export * from './event-form-values.ts'

// The event form holds what the inputs hold (strings, booleans, rows in order); the API takes
// `eventInputSchema`'s shape (records keyed by application type, pence, ISO instants). These
// functions translate both ways; event-form-errors.ts puts the schema's problems back on the form's
// fields, and event-form-values.ts holds the form's own shape.

const str = (value: unknown): string => (typeof value === 'string' ? value : '')
const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const numStr = (value: unknown): string => (typeof value === 'number' ? String(value) : '')

export { penceToPounds }

/** "12.50", "£12.5" or "12" as pence; null when it is not an amount of money. */
export function poundsToPence(value: string): number | null {
  const pence = parsePounds(value)
  return pence !== null && pence >= 0 ? pence : null
}

/** An event from the API (audience types and eventConfig as raw JSON) as form values. */
export function eventToForm(
  event: {
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
    audienceTypes?: unknown
    eventConfig?: unknown
  },
  timeZone: string,
): EventFormValues {
  const config = obj(event.eventConfig)
  const content = obj(config.content)
  const infoPack = obj(content.infoPack)
  const paymentLines = obj(config.paymentLines)
  return {
    slug: event.slug,
    type: event.type as EventType,
    title: event.title,
    showName: event.showName ?? '',
    summary: event.summary,
    description: event.description,
    venue: event.venue,
    startDate: toDateTimeLocal(event.startDate, timeZone),
    endDate: toDateTimeLocal(event.endDate, timeZone),
    signupDeadline: toDateTimeLocal(event.signupDeadline, timeZone),
    visibility: event.visibility as EventVisibility,
    audienceTypes: arr(event.audienceTypes).map((a) => {
      const audience = obj(a)
      return { key: str(audience.key), title: str(audience.title), content: str(audience.content) }
    }),
    applicationTypes: Object.entries(obj(config.applicationTypes)).map(([key, value]) => {
      const type = obj(value)
      return {
        key,
        label: str(type.label),
        open: type.open !== false,
        openBeforeReveal: type.openBeforeReveal === true,
        capacity: numStr(type.capacity),
        auditionRequired: type.auditionRequired === true,
        offerExpiryDays: numStr(type.offerExpiryDays) || String(DEFAULT_OFFER_EXPIRY_DAYS),
        autoOfferFromWaitlist: type.autoOfferFromWaitlist === true,
        questions: arr(type.questions).map((q) => {
          const question = obj(q)
          return {
            id: str(question.id),
            label: str(question.label),
            kind: (str(question.kind) || 'short_text') as QuestionKind,
            required: question.required === true,
            help: str(question.help),
            options: arr(question.options).map(str).join('\n'),
            maxLength: numStr(question.maxLength),
          }
        }),
        paymentLines: arr(paymentLines[key]).map((l) => {
          const line = obj(l)
          return {
            key: str(line.key),
            label: str(line.label),
            amount: typeof line.amountPence === 'number' ? penceToPounds(line.amountPence) : '',
            dueDate: str(line.dueDate),
          }
        }),
        infoPack: str(infoPack[key]),
      }
    }),
    content: Object.fromEntries(CONTENT_BLOCKS.map((block) => [block, str(content[block])])) as Record<
      ContentBlock,
      string
    >,
    parts: arr(config.parts).map((name) => ({ name: str(name) })),
    howToPay: howToPayOf(obj(config.howToPay)),
    offerLapsedPlacesToWaitlist: config.offerLapsedPlacesToWaitlist === true,
    schedule: arr(config.schedule).map((d) => {
      const date = obj(d)
      return {
        date: str(date.date),
        kind: date.kind === 'PERFORMANCE' ? 'PERFORMANCE' : 'REHEARSAL',
        label: str(date.label),
      }
    }),
  }
}

function howToPayOf(given: Record<string, unknown>): HowToPayFormValues {
  const method = str(given.method)
  return {
    method: method === 'AT_THE_DOOR' || method === 'ONLINE' ? method : 'BANK_TRANSFER',
    accountName: str(given.accountName),
    sortCode: str(given.sortCode),
    accountNumber: str(given.accountNumber),
    note: str(given.note),
  }
}

/** A number typed into an input: undefined when empty, NaN when not a whole number. */
function wholeNumber(value: string): number | undefined {
  const trimmed = value.trim()
  if (!trimmed) return undefined
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

const optional = (value: string): string | undefined => (value.trim() ? value : undefined)

/**
 * The mutation input for the form values (plus the release flags, which the form does not edit, kept
 * as they were), or the problems `eventInputSchema` finds keyed by form path: the same check the
 * server makes. Dates are read on the clocks of the society's `timeZone`.
 */
export function formToInput(
  values: EventFormValues,
  timeZone: string,
  kept: { permissions?: Partial<EventPermissions> } = {},
): { input: EventInput; errors: null } | { input: null; errors: FormErrors } {
  const typeKeys = values.applicationTypes.map((t) => t.key.trim())
  const local: FormErrors = {}
  const applicationTypes: Record<string, unknown> = {}
  const paymentLines: Record<string, unknown[]> = {}
  const infoPack: Record<string, string> = {}
  values.applicationTypes.forEach((type, i) => {
    const key = typeKeys[i]!
    if (typeKeys.indexOf(key) !== i)
      local[`applicationTypes.${i}.key`] = 'Each application type needs its own key.'
    const capacity = wholeNumber(type.capacity)
    const offerExpiryDays = wholeNumber(type.offerExpiryDays)
    if (Number.isNaN(capacity))
      local[`applicationTypes.${i}.capacity`] = 'Give a whole number of places, or leave it empty.'
    if (Number.isNaN(offerExpiryDays))
      local[`applicationTypes.${i}.offerExpiryDays`] = 'Give a whole number of days from 1 to 60.'
    applicationTypes[key] = {
      label: type.label,
      open: type.open,
      openBeforeReveal: type.openBeforeReveal,
      ...(capacity === undefined ? {} : { capacity }),
      auditionRequired: type.auditionRequired,
      offerExpiryDays: offerExpiryDays ?? DEFAULT_OFFER_EXPIRY_DAYS,
      autoOfferFromWaitlist: type.autoOfferFromWaitlist,
      questions: type.questions.map((q, j) => {
        const choice = CHOICE_KINDS.includes(q.kind)
        const maxLength = TEXT_KINDS.includes(q.kind) ? wholeNumber(q.maxLength) : undefined
        if (Number.isNaN(maxLength))
          local[`applicationTypes.${i}.questions.${j}.maxLength`] =
            'Give a whole number of characters, or leave it empty.'
        return {
          id: q.id.trim(),
          label: q.label,
          kind: q.kind,
          required: q.required,
          ...(optional(q.help) ? { help: q.help } : {}),
          ...(choice
            ? {
                options: q.options
                  .split('\n')
                  .map((o) => o.trim())
                  .filter(Boolean),
              }
            : {}),
          ...(maxLength === undefined ? {} : { maxLength }),
        }
      }),
    }
    if (type.paymentLines.length > 0) {
      paymentLines[key] = type.paymentLines.map((line, j) => {
        const pence = poundsToPence(line.amount)
        if (pence === null)
          local[`applicationTypes.${i}.paymentLines.${j}.amount`] = 'Give an amount in pounds, e.g. 12.50.'
        return {
          key: line.key.trim(),
          label: line.label,
          amountPence: pence ?? 0,
          ...(line.dueDate ? { dueDate: line.dueDate } : {}),
        }
      })
    }
    if (type.infoPack.trim()) infoPack[key] = type.infoPack
  })
  const content: EventContentInput = { infoPack }
  for (const block of CONTENT_BLOCKS) if (values.content[block].trim()) content[block] = values.content[block]

  const input: EventInput = {
    slug: values.slug,
    type: values.type,
    title: values.title,
    showName: values.showName.trim() ? values.showName : null,
    summary: values.summary,
    description: values.description,
    venue: values.venue,
    startDate: fromDateTimeLocal(values.startDate, timeZone) ?? '',
    endDate: fromDateTimeLocal(values.endDate, timeZone) ?? '',
    signupDeadline: fromDateTimeLocal(values.signupDeadline, timeZone),
    visibility: values.visibility,
    audienceTypes: values.audienceTypes.map((a) => ({
      key: a.key.trim(),
      title: a.title,
      content: a.content,
    })),
    eventConfig: {
      ...(kept.permissions ? { permissions: kept.permissions } : {}),
      applicationTypes,
      paymentLines,
      content,
      parts: values.parts.map((p) => p.name.trim()),
      howToPay: values.howToPay,
      ...(values.offerLapsedPlacesToWaitlist ? { offerLapsedPlacesToWaitlist: true } : {}),
      ...(values.schedule.length > 0
        ? { schedule: values.schedule.map((d) => ({ date: d.date, kind: d.kind, label: d.label.trim() })) }
        : {}),
    },
  }
  const parsed = eventInputSchema.safeParse(input)
  const errors = { ...(parsed.success ? {} : formErrorsOf(parsed.error.issues, typeKeys)), ...local }
  if (Object.keys(errors).length === 0) return { input, errors: null }
  return { input: null, errors }
}
