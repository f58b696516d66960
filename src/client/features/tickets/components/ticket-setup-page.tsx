import { useState } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import { useParams } from 'react-router'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { DataTable, type DataColumn } from '#client/components/ui/data-table.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { Checkbox, Form, nestErrors, TextInput } from '#client/components/ui/form/index.ts'
import type { TicketSetupQuery as Setup } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { AUDIENCE_LABEL } from '#core/tickets/tickets.ts'
import { formatPence } from '#core/money.ts'
import { SetUpTicketSaleMutation, TicketSetupQuery } from '../graphql/ticket-setup.queries.ts'
import { TicketTypeEditor } from './ticket-type-editor.tsx'
import { VouchersPanel } from './vouchers-panel.tsx'
import {
  EMPTY_TICKET_TYPE_FIELDS,
  TicketTypeFields,
  typedTicketType,
  type TicketTypeFieldValues,
} from './ticket-type-fields.tsx'
import { capacityError, ticketTypeFieldErrors, ticketTypeInput } from '../ticket-type-form-values.ts'
import { placeTicketTypeProblems } from '../ticket-type-placement.ts'

type Data = Setup['ticketAllocation']

/** `/admin/:eventSlug/tickets/setup` (superAdmin, ticketAdmin): capacity, publishing, ticket types. */
export function TicketSetupPage({ notFound }: { notFound: React.ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: TicketSetupQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  const refresh = () => query[1]({ requestPolicy: 'network-only' })
  const [editing, setEditing] = useState<string | null>(null)
  const zone = useSocietyTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  return (
    <QueryView query={query} loadingLabel="Loading tickets…" what="the ticket set-up" notFound={notFound}>
      {({ ticketAllocation: a }) => {
        const editingType = a.types.find((t) => t.id === editing)
        return (
          <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-8 sm:py-12">
            <title>{`Tickets: ${a.eventTitle} · Stagedoor`}</title>
            <div className="flex flex-wrap items-end justify-between gap-2">
              <div>
                <h1 className="text-2xl font-bold text-slate-900">Tickets</h1>
                <p className="text-slate-600">
                  {a.eventTitle} ·{' '}
                  {a.capacity
                    ? `${a.capacity - a.capacityLeft} of ${a.capacity} taken`
                    : 'no sale set up yet'}
                  {a.capacity && !a.published ? ' · not published' : ''}
                </p>
              </div>
              <ButtonLink to={`/${encodeURIComponent(a.eventSlug)}/ticket-sales`} variant="secondary">
                Open the shop
              </ButtonLink>
            </div>
            <TypesTable types={a.types} editing={editing} onEdit={setEditing} />
            {editingType ? (
              <TicketTypeEditor
                key={editingType.id}
                eventSlug={a.eventSlug}
                type={editingType}
                timeZone={zone}
                onDone={(changed) => {
                  const id = editingType.id
                  setEditing(null)
                  if (changed) refresh()
                  requestAnimationFrame(() =>
                    (
                      document.querySelector<HTMLElement>(`[data-edit-type="${id}"]`) ??
                      document.getElementById('types-title')
                    )?.focus(),
                  )
                }}
              />
            ) : null}
            <SetupForm key={`${a.capacity}-${a.published}-${a.types.length}`} setup={a} onSaved={refresh} />
            {a.types.length ? (
              <VouchersPanel eventSlug={a.eventSlug} types={a.types} timeZone={zone} />
            ) : null}
          </div>
        )
      }}
    </QueryView>
  )
}

function TypesTable({
  types,
  editing,
  onEdit,
}: {
  types: Data['types']
  editing: string | null
  onEdit: (id: string) => void
}) {
  if (types.length === 0) return <Panel as="p">No ticket types yet: add the first one below.</Panel>
  const columns: DataColumn<Data['types'][number]>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (t) => (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium">{t.name}</span>
          <Button
            variant="secondary"
            data-edit-type={t.id}
            aria-label={`Edit ${t.name}`}
            aria-expanded={editing === t.id}
            onClick={() => onEdit(t.id)}
          >
            Edit
          </Button>
        </div>
      ),
    },
    { key: 'price', header: 'Price', cell: (t) => formatPence(t.pricePence) },
    { key: 'taken', header: 'Taken / quota', cell: (t) => `${t.taken} / ${t.quota}` },
    { key: 'perPerson', header: 'Per person', cell: (t) => t.perPersonLimit },
    {
      key: 'who',
      header: 'Who',
      cell: (t) => AUDIENCE_LABEL[t.audience as keyof typeof AUDIENCE_LABEL] ?? t.audience,
    },
    {
      key: 'mode',
      header: 'Mode',
      cell: (t) => `${t.mode === 'BALLOT' ? 'Ballot' : 'First come'}${t.onSale ? '' : ' · closed'}`,
    },
  ]
  return (
    <Panel as="section" aria-labelledby="types-title" padding="none">
      <h2 id="types-title" tabIndex={-1} className="px-4 pt-4 text-lg font-semibold outline-none">
        Ticket types
      </h2>
      <DataTable
        caption="Ticket types"
        columns={columns}
        rows={types}
        rowKey={(t) => t.id}
        scroll={false}
        frame="bare"
        frameClassName="mt-2"
        density="compact"
      />
    </Panel>
  )
}

interface SetupValues {
  capacity: string
  published: boolean
  adding: boolean
  // NOTE: not `type`: react-hook-form's errors hold a `type` of their own.
  newType: TicketTypeFieldValues
}

function SetupForm({ setup, onSaved }: { setup: Data; onSaved: () => void }) {
  const timeZone = useSocietyTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  // The capacity always; the new type's fields with the shared schema when one is being added.
  const resolver: Resolver<SetupValues> = (values) => {
    const errors = values.adding
      ? ticketTypeFieldErrors(typedTicketType(values.newType, timeZone), 'newType.')
      : {}
    const capacityProblem = capacityError(values.capacity)
    if (capacityProblem) errors.capacity = capacityProblem
    return Object.keys(errors).length
      ? { values: {}, errors: nestErrors<SetupValues>(errors) }
      : { values, errors: {} }
  }
  const form = useForm<SetupValues>({
    defaultValues: {
      capacity: setup.capacity ? String(setup.capacity) : '',
      published: setup.published,
      adding: setup.types.length === 0,
      newType: EMPTY_TICKET_TYPE_FIELDS,
    },
    resolver,
  })
  const adding = useWatch({ control: form.control, name: 'adding' })
  const save = useAppMutation(SetUpTicketSaleMutation, { report: 'inline' })

  const submit = async (values: SetupValues) => {
    const r = await save.run(
      {
        eventSlug: setup.eventSlug,
        input: {
          capacity: Number(values.capacity),
          published: values.published,
          addTypes: values.adding ? [ticketTypeInput(typedTicketType(values.newType, timeZone))] : [],
        },
      },
      {
        success: values.adding ? `Added ${values.newType.name.trim()}.` : 'Saved.',
        form: {
          setError: form.setError,
          place: (fields) => placeTicketTypeProblems(fields, 'newType.', ['capacity', 'published']),
        },
      },
    )
    if (r.ok) onSaved()
  }

  return (
    <Panel as="section" aria-labelledby="setup-title">
      <h2 id="setup-title" className="text-lg font-semibold">
        Set up the sale
      </h2>
      <Form form={form} onSubmit={submit} idPrefix="setup" summary={false} className="mt-3 grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput<SetupValues>
            name="capacity"
            label="Capacity"
            hint="Tickets the event holds, shared by every type."
            inputMode="numeric"
            required
          />
          <Checkbox<SetupValues>
            name="published"
            label="Published: the shop is open"
            className="self-end pb-2"
          />
        </div>
        <Checkbox<SetupValues> name="adding" label="Add a ticket type" />
        {adding ? (
          <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold">New ticket type</legend>
            <TicketTypeFields prefix="newType." />
          </fieldset>
        ) : null}
        {save.message ? (
          <p role="alert" className="text-sm text-red-700">
            {save.message}
          </p>
        ) : null}
        <div>
          <Button type="submit" pending={save.fetching}>
            {adding ? 'Save and add the type' : 'Save'}
          </Button>
        </div>
      </Form>
    </Panel>
  )
}
