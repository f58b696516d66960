import { useState, type FormEvent } from 'react'
import { useParams } from 'react-router'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { TicketSetupQuery as Setup } from '#client/gql/graphql.ts'
import { fromDateTimeLocal } from '#client/lib/datetime-local.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { AUDIENCE_LABEL } from '#core/tickets/tickets.ts'
import { formatPrice } from '#core/money.ts'
import { SetUpTicketSaleMutation, TicketSetupQuery } from '../graphql/ticket-setup.queries.ts'
import { TicketTypeEditor } from './ticket-type-editor.tsx'
import { TicketTypeFields } from './ticket-type-fields.tsx'
import {
  capacityError,
  EMPTY_TICKET_TYPE,
  formFieldOf,
  ticketTypeErrors,
  ticketTypeInput,
  type TicketTypeFormValues,
} from '../ticket-type-form-values.ts'

const cell = 'px-3 py-2 text-left'
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
  return (
    <Panel
      as="section"
      aria-labelledby="types-title"
      padding="none"
      className="relative overflow-x-auto"
      tabIndex={0}
    >
      <h2 id="types-title" tabIndex={-1} className="px-4 pt-4 text-lg font-semibold outline-none">
        Ticket types
      </h2>
      <table className="mt-2 w-full text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th className={cell}>Name</th>
            <th className={cell}>Price</th>
            <th className={cell}>Taken / quota</th>
            <th className={cell}>Per person</th>
            <th className={cell}>Who</th>
            <th className={cell}>Mode</th>
          </tr>
        </thead>
        <tbody>
          {types.map((t) => (
            <tr key={t.id} className="border-t border-slate-100">
              <td className={cell}>
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
              </td>
              <td className={cell}>{formatPrice(t.pricePence)}</td>
              <td className={cell}>
                {t.taken} / {t.quota}
              </td>
              <td className={cell}>{t.perPersonLimit}</td>
              <td className={cell}>
                {AUDIENCE_LABEL[t.audience as keyof typeof AUDIENCE_LABEL] ?? t.audience}
              </td>
              <td className={cell}>
                {t.mode === 'BALLOT' ? 'Ballot' : 'First come'}
                {t.onSale ? '' : ' · closed'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  )
}

function SetupForm({ setup, onSaved }: { setup: Data; onSaved: () => void }) {
  const timeZone = useSocietyTimeZone()
  const [capacity, setCapacity] = useState(setup.capacity ? String(setup.capacity) : '')
  const [published, setPublished] = useState(setup.published)
  const [adding, setAdding] = useState(setup.types.length === 0)
  const [values, setValues] = useState<TicketTypeFormValues>(EMPTY_TICKET_TYPE)
  const [starts, setStarts] = useState('')
  const [ends, setEnds] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useAppMutation(SetUpTicketSaleMutation, { report: 'inline' })
  const set = <K extends keyof TicketTypeFormValues>(key: K, value: TicketTypeFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }))

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
    const typeValues = {
      ...values,
      saleStartsAt: starts ? (fromDateTimeLocal(starts, zone) ?? 'invalid') : null,
      saleEndsAt: ends ? (fromDateTimeLocal(ends, zone) ?? 'invalid') : null,
    }
    const found: Record<string, string> = adding ? ticketTypeErrors(typeValues) : {}
    const capacityProblem = capacityError(capacity)
    if (capacityProblem) found.capacity = capacityProblem
    setErrors(found)
    if (Object.keys(found).length) {
      const first = form.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)
      first?.focus()
      return
    }
    const r = await save.run(
      {
        eventSlug: setup.eventSlug,
        input: {
          capacity: Number(capacity),
          published,
          addTypes: adding ? [ticketTypeInput(typeValues)] : [],
        },
      },
      { success: adding ? `Added ${values.name.trim()}.` : 'Saved.' },
    )
    if (r.ok) {
      onSaved()
    } else {
      setErrors(Object.fromEntries(r.failure.fields.map((f) => [formFieldOf(f.path), f.message])))
    }
  }

  return (
    <Panel as="section" aria-labelledby="setup-title">
      <h2 id="setup-title" className="text-lg font-semibold">
        Set up the sale
      </h2>
      <form onSubmit={submit} noValidate className="mt-3 grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Capacity"
            name="capacity"
            hint="Tickets the event holds, shared by every type."
            inputMode="numeric"
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
            error={errors.capacity}
            required
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={published}
              onChange={(e) => setPublished(e.target.checked)}
            />
            Published: the shop is open
          </label>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={adding}
            onChange={(e) => setAdding(e.target.checked)}
          />
          Add a ticket type
        </label>
        {adding ? (
          <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold">New ticket type</legend>
            <TicketTypeFields
              idPrefix="type"
              values={values}
              set={set}
              starts={starts}
              ends={ends}
              setStarts={setStarts}
              setEnds={setEnds}
              errors={errors}
            />
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
      </form>
    </Panel>
  )
}
