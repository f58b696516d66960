import { useMemo, type ReactNode } from 'react'
import { useWatch } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import type { EventPermissions } from '#core/events/event-config.schemas.ts'
import { EVENT_TYPES, EVENT_VISIBILITIES } from '#core/events/event.ts'
import { Button } from '#client/components/ui/button.tsx'
import { DateTimeInput, Form, Group, Select, Textarea, TextInput } from '#client/components/ui/form/index.ts'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { EMPTY_EVENT_FORM, eventToForm } from '../event-form.ts'
import {
  describePath,
  FIELD_LABELS,
  fieldLabel,
  TYPE_LABELS,
  VISIBILITY_LABELS,
} from '../event-form-labels.ts'
import { AdminEventQuery } from '../graphql/event-config.query.ts'
import { useEventForm, type EventFormOptions, type Kept } from '../hooks/use-event-form.ts'
import { ApplicationTypesEditor } from './event-config/application-types-editor.tsx'
import { AudienceTypesEditor } from './event-config/audience-types-editor.tsx'
import { ContentBlocksEditor } from './event-config/content-blocks-editor.tsx'
import { EVENT_FORM_ID } from './event-config/field-id.ts'
import { HowToPayEditor } from './event-config/how-to-pay-editor.tsx'
import { PartsEditor } from './event-config/parts-editor.tsx'
import { ScheduleEditor } from './event-config/schedule-editor.tsx'
import { AutoKey } from './event-config/use-key-from-title.ts'

/** The form's sections, linked at its top (it is long). */
const SECTIONS = [
  ['ev-section-event', 'The event'],
  ['ev-section-applications', 'Application types'],
  ['ev-section-paying', 'Paying'],
  ['ev-section-pages', 'Pages'],
  ['ev-section-parts', 'Parts'],
  ['ev-section-schedule', 'Dates'],
] as const

function EventForm(options: EventFormOptions) {
  const { eventId, timeZone } = options
  const { form, message, onValid } = useEventForm(options)
  const { isSubmitting } = form.formState
  const [type, showName] = useWatch({ control: form.control, name: ['type', 'showName'] })

  const date = (name: 'startDate' | 'endDate' | 'signupDeadline', hint?: string) => (
    <DateTimeInput
      name={name}
      label={fieldLabel(name, timeZone)}
      required={name !== 'signupDeadline'}
      hint={hint}
    />
  )

  return (
    <Form
      form={form}
      onSubmit={onValid}
      idPrefix={EVENT_FORM_ID}
      message={message}
      describe={(path) => describePath(path, timeZone)}
      className="mt-6 grid gap-6"
    >
      <nav aria-label="Sections of the form" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {SECTIONS.map(([id, label]) => (
          <a key={id} href={`#${id}`} className="font-medium text-brand-800 underline underline-offset-2">
            {label}
          </a>
        ))}
      </nav>
      {eventId ? null : <AutoKey titlePath="title" keyPath="slug" max={80} />}
      <Group legend="The event" id="ev-section-event">
        <TextInput name="title" label={FIELD_LABELS.title} required />
        <TextInput
          name="slug"
          label={FIELD_LABELS.slug}
          required
          hint={
            eventId
              ? 'The address: lower-case words joined by hyphens. Changing it keeps the old address working.'
              : 'The address, made from the title; change it if you like.'
          }
          autoCapitalize="off"
          spellCheck={false}
        />
        <Select
          name="type"
          label={FIELD_LABELS.type}
          options={EVENT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
        />
        {type === 'SHOW' || showName ? (
          <TextInput
            name="showName"
            label={FIELD_LABELS.showName}
            hint="Hidden from non-admins until its reveal (Show Reveals)."
          />
        ) : null}
        <Textarea name="summary" label={FIELD_LABELS.summary} hint="One or two sentences." rows={2} />
        <Textarea name="description" label={FIELD_LABELS.description} markdown rows={8} />
        <TextInput name="venue" label={FIELD_LABELS.venue} />
        <div className="grid gap-5 sm:grid-cols-2">
          {date('startDate')}
          {date('endDate')}
        </div>
        {date('signupDeadline', 'Leave empty when there is nothing to apply for.')}
        <p className="text-sm text-slate-600">
          Dates and times are on the society&apos;s clocks ({timeZone}).
        </p>
        <Select
          name="visibility"
          label={FIELD_LABELS.visibility}
          options={EVENT_VISIBILITIES.map((value) => ({ value, label: VISIBILITY_LABELS[value] }))}
        />
      </Group>
      <div id="ev-section-applications" className="scroll-mt-4">
        <ApplicationTypesEditor />
      </div>
      <HowToPayEditor />
      <div id="ev-section-pages" className="grid scroll-mt-4 gap-6">
        <AudienceTypesEditor />
        <ContentBlocksEditor />
      </div>
      <div id="ev-section-parts" className="scroll-mt-4">
        <PartsEditor />
      </div>
      <div id="ev-section-schedule" className="scroll-mt-4">
        <ScheduleEditor />
      </div>
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
        <Button type="submit" pending={isSubmitting}>
          {eventId ? 'Save event' : 'Create event'}
        </Button>
        <Link to="/admin/events" className="self-center font-medium text-brand-800 underline">
          Cancel
        </Link>
      </div>
    </Form>
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
  const timeZone = useSocietyTimeZone()
  return (
    <Page title="Create event">
      {timeZone ? (
        <EventForm initial={EMPTY_EVENT_FORM} timeZone={timeZone} />
      ) : (
        <Spinner label="Loading the form…" className="mt-8" />
      )}
    </Page>
  )
}

function EditEventForm({
  event,
  timeZone,
}: {
  event: Parameters<typeof eventToForm>[0] & { id: string }
  timeZone: string
}) {
  const initial = useMemo(() => eventToForm(event, timeZone), [event, timeZone])
  const kept = useMemo<Kept>(() => {
    const config = event.eventConfig as { permissions?: Partial<EventPermissions> } | null
    return config?.permissions ? { permissions: config.permissions } : {}
  }, [event.eventConfig])
  return <EventForm eventId={event.id} initial={initial} kept={kept} timeZone={timeZone} />
}

/** `/admin/events/:slug/edit`: every field of the event and its eventConfig (releases aside). */
export function EditEventPage({ notFound }: { notFound: ReactNode }) {
  const { slug = '' } = useParams()
  const timeZone = useSocietyTimeZone()
  const query = useQuery({ query: AdminEventQuery, variables: { slug }, requestPolicy: 'network-only' })
  return (
    <QueryView query={query} loadingLabel="Loading the event…" what="this event" notFound={notFound}>
      {({ adminEvent }) => (
        <Page title={`Edit ${adminEvent.title}`}>
          {timeZone ? (
            <EditEventForm key={adminEvent.id} event={adminEvent} timeZone={timeZone} />
          ) : (
            <Spinner label="Loading the form…" className="mt-8" />
          )}
        </Page>
      )}
    </QueryView>
  )
}
