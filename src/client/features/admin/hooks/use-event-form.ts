import { useCallback, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { EventPermissions } from '#core/events/event-config.schemas.ts'
import { nestErrors } from '#client/components/ui/form/index.ts'
import type { FieldProblem } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { formErrorsOf, formToInput, type EventFormValues } from '../event-form.ts'
import { CreateEventMutation, UpdateEventMutation } from '../graphql/event-config.query.ts'

/** What the event form keeps of the event without editing it (the release flags). */
export type Kept = { permissions?: Partial<EventPermissions> }

/**
 * The event form's state and its save: create when there is no `eventId`, else update; then back to
 * the list. The server's problems land at their rows and fields, the rest in `message`.
 */
export interface EventFormOptions {
  initial: EventFormValues
  eventId?: string
  kept?: Kept
  timeZone: string
}

export function useEventForm({ initial, eventId, kept = {}, timeZone }: EventFormOptions) {
  // NOTE: the resolver is the shared schema, through formToInput: the same check the server makes,
  // with each problem put back at the row and field that has it.
  const resolver = useCallback<Resolver<EventFormValues>>(
    (values) => {
      const checked = formToInput(values, timeZone, kept)
      return checked.errors
        ? { values: {}, errors: nestErrors<EventFormValues>(checked.errors) }
        : { values, errors: {} }
    },
    [timeZone, kept],
  )
  const form = useForm<EventFormValues>({ defaultValues: initial, resolver, shouldFocusError: false })
  const [message, setMessage] = useState<string | null>(null)
  const create = useAppMutation(CreateEventMutation, { report: 'inline' })
  const update = useAppMutation(UpdateEventMutation, { report: 'inline' })
  const navigate = useNavigate()

  const onValid = async (values: EventFormValues) => {
    setMessage(null)
    const checked = formToInput(values, timeZone, kept)
    if (checked.errors) return
    const typeKeys = values.applicationTypes.map((t) => t.key.trim())
    const place = (fields: readonly FieldProblem[]) => {
      const { '': unplaced, ...placed } = formErrorsOf(fields, typeKeys)
      return { fields: placed, other: unplaced ? [unplaced] : [] }
    }
    const options = {
      form: { setError: form.setError, place },
      success: eventId ? 'Event saved.' : 'Event created.',
    }
    const outcome = eventId
      ? await update.run({ id: eventId, input: checked.input }, options)
      : await create.run({ input: checked.input }, options)
    if (!outcome.ok) return setMessage(outcome.message)
    navigate('/admin/events')
  }
  return { form, message, onValid }
}
