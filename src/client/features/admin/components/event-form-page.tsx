import { CircleAlert } from 'lucide-react'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import toast from 'react-hot-toast'
import { Link, useNavigate, useParams } from 'react-router'
import { useMutation, useQuery } from 'urql'
import type { EventInputRaw } from '#core/events/event.schemas.ts'
import { EVENT_TYPES, EVENT_VISIBILITIES } from '#core/events/event.ts'
import { Button } from '#client/components/ui/button.tsx'
import { ErrorSummary } from '#client/components/ui/error-summary.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { AdminEventQuery, CreateEventMutation, UpdateEventMutation } from '../graphql/event-config.query.ts'
import {
  EMPTY_EVENT_FORM,
  EVENT_FORM_FIELDS,
  eventToForm,
  formToInput,
  type EventFormValues,
} from '../event-form.ts'
import { errorMessage, fieldErrors } from '../mutation-errors.ts'

const TYPE_LABELS: Record<(typeof EVENT_TYPES)[number], string> = {
  CHOIR_SEASON: 'Choir season',
  SINGTHROUGH: 'Sing-through',
  CONCERT: 'Concert',
  SHOW: 'Show',
  SOCIAL: 'Social',
}

const VISIBILITY_LABELS: Record<(typeof EVENT_VISIBILITIES)[number], string> = {
  draft: 'Draft (staff only)',
  members: 'Members',
  public: 'Public',
}

const FIELD_LABELS: Record<keyof EventFormValues, string> = {
  slug: 'Slug',
  type: 'Type',
  title: 'Title',
  showName: 'Show name',
  summary: 'Summary',
  description: 'Description',
  venue: 'Venue',
  startDate: 'Start',
  endDate: 'End',
  signupDeadline: 'Signup deadline',
  visibility: 'Visibility',
}

const inputClasses = (error?: string) =>
  `mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 ${error ? 'border-red-600' : 'border-slate-400'}`

/** A labelled select or textarea with its hint and error, as TextField does for inputs. */
function Control({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint?: string
  error?: string
  children: (describedBy: string | undefined) => ReactNode
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children(describedBy || undefined)}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  )
}

function EventForm({
  initial,
  eventId,
  kept,
}: {
  initial: EventFormValues
  eventId?: string
  kept?: Pick<EventInputRaw, 'audienceTypes' | 'eventConfig'>
}) {
  const prefix = useId()
  const fieldId = (name: keyof EventFormValues) => `${prefix}-${name}`
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [creating, create] = useMutation(CreateEventMutation)
  const [updating, update] = useMutation(UpdateEventMutation)
  const navigate = useNavigate()

  const set =
    (name: keyof EventFormValues) =>
    (e: { target: { value: string } }): void =>
      setValues((v) => ({ ...v, [name]: e.target.value }))

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const checked = formToInput(values, kept)
    if (checked.errors) {
      setErrors(checked.errors)
      setMessage(null)
      return
    }
    setErrors({})
    setMessage(null)
    const result = eventId
      ? await update({ id: eventId, input: checked.input })
      : await create({ input: checked.input })
    if (result.error) {
      const fields = fieldErrors(result.error)
      setErrors(fields)
      setMessage(Object.keys(fields).length ? null : errorMessage(result.error))
      return
    }
    toast.success(eventId ? 'Event saved.' : 'Event created.')
    navigate('/admin/events')
  }

  const problems = EVENT_FORM_FIELDS.filter((name) => errors[name]).map((name) => ({
    fieldId: fieldId(name),
    message: `${FIELD_LABELS[name]}: ${errors[name]}`,
  }))
  // Problems with what the form does not show (audience types, eventConfig) go in the summary text.
  const other = Object.entries(errors)
    .filter(([key]) => !(EVENT_FORM_FIELDS as readonly string[]).includes(key))
    .map(([, text]) => text)
  const text = (
    name: keyof EventFormValues,
    extra: { type?: string; hint?: string; required?: boolean } = {},
  ) => (
    <TextField
      id={fieldId(name)}
      name={name}
      label={FIELD_LABELS[name]}
      type={extra.type ?? 'text'}
      hint={extra.hint}
      required={extra.required}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
    />
  )

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5">
      <ErrorSummary message={message ?? (other.length ? other.join(' ') : null)} problems={problems} />
      {text('title', { required: true })}
      {text('slug', { required: true, hint: 'The address: lower-case words joined by hyphens.' })}
      <Control id={fieldId('type')} label={FIELD_LABELS.type} error={errors.type}>
        {(describedBy) => (
          <select
            id={fieldId('type')}
            name="type"
            className={inputClasses(errors.type)}
            value={values.type}
            onChange={set('type')}
            aria-describedby={describedBy}
          >
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Control>
      {values.type === 'SHOW' || values.showName
        ? text('showName', { hint: 'Hidden from non-admins until its reveal (Show Reveals).' })
        : null}
      <Control
        id={fieldId('summary')}
        label={FIELD_LABELS.summary}
        hint="One or two sentences."
        error={errors.summary}
      >
        {(describedBy) => (
          <textarea
            id={fieldId('summary')}
            name="summary"
            rows={2}
            className={inputClasses(errors.summary)}
            value={values.summary}
            onChange={set('summary')}
            aria-describedby={describedBy}
            aria-invalid={errors.summary ? true : undefined}
          />
        )}
      </Control>
      <Control
        id={fieldId('description')}
        label={FIELD_LABELS.description}
        hint="Markdown: **bold**, _italic_, [links](https://…), lists and headings."
        error={errors.description}
      >
        {(describedBy) => (
          <textarea
            id={fieldId('description')}
            name="description"
            rows={8}
            className={`${inputClasses(errors.description)} font-mono text-sm`}
            value={values.description}
            onChange={set('description')}
            aria-describedby={describedBy}
            aria-invalid={errors.description ? true : undefined}
          />
        )}
      </Control>
      {text('venue')}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('startDate', { type: 'datetime-local', required: true })}
        {text('endDate', { type: 'datetime-local', required: true })}
      </div>
      {text('signupDeadline', {
        type: 'datetime-local',
        hint: 'Leave empty when there is nothing to apply for.',
      })}
      <Control id={fieldId('visibility')} label={FIELD_LABELS.visibility} error={errors.visibility}>
        {(describedBy) => (
          <select
            id={fieldId('visibility')}
            name="visibility"
            className={inputClasses(errors.visibility)}
            value={values.visibility}
            onChange={set('visibility')}
            aria-describedby={describedBy}
          >
            {EVENT_VISIBILITIES.map((visibility) => (
              <option key={visibility} value={visibility}>
                {VISIBILITY_LABELS[visibility]}
              </option>
            ))}
          </select>
        )}
      </Control>
      <p className="text-sm text-slate-600">Dates are in your browser&apos;s time zone.</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={creating.fetching || updating.fetching}>
          {eventId ? 'Save event' : 'Create event'}
        </Button>
        <Link to="/admin/events" className="self-center font-medium text-brand-800 underline">
          Cancel
        </Link>
      </div>
    </form>
  )
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12">
      <title>{`${title} · Stagedoor`}</title>
      <p className="text-sm">
        <Link to="/admin/events" className="font-medium text-brand-800 underline">
          Event Config
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">{title}</h1>
      {children}
    </div>
  )
}

/** `/admin/events/new`. */
export function CreateEventPage() {
  return (
    <Page title="Create event">
      <EventForm initial={EMPTY_EVENT_FORM} />
    </Page>
  )
}

/** `/admin/events/:slug/edit`: the main fields; audience types and eventConfig are kept as they are. */
export function EditEventPage({ notFound }: { notFound: ReactNode }) {
  const { slug = '' } = useParams()
  const query = useQuery({ query: AdminEventQuery, variables: { slug }, requestPolicy: 'network-only' })
  return (
    <QueryView query={query} loadingLabel="Loading the event…" what="this event" notFound={notFound}>
      {({ adminEvent }) => (
        <Page title={`Edit ${adminEvent.title}`}>
          <EventForm
            key={adminEvent.id}
            eventId={adminEvent.id}
            initial={eventToForm(adminEvent)}
            kept={{
              audienceTypes: adminEvent.audienceTypes as EventInputRaw['audienceTypes'],
              eventConfig: adminEvent.eventConfig as EventInputRaw['eventConfig'],
            }}
          />
        </Page>
      )}
    </QueryView>
  )
}
