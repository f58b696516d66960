import { useEffect, useRef, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { Form, nestErrors } from '#client/components/ui/form/index.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import type { TicketSetupQuery as Setup } from '#client/gql/graphql.ts'
import { toDateTimeLocal } from '#client/lib/datetime-local.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import {
  CloseTicketTypeSaleMutation,
  RemoveTicketTypeMutation,
  UpdateTicketTypeMutation,
} from '../graphql/ticket-setup.queries.ts'
import { formValuesOf, ticketTypeFieldErrors, ticketTypeInput } from '../ticket-type-form-values.ts'
import { placeTicketTypeProblems } from '../ticket-type-placement.ts'
import { TicketTypeFields, typedTicketType, type TicketTypeFieldValues } from './ticket-type-fields.tsx'

type TicketType = Setup['ticketAllocation']['types'][number]

/**
 * Edit one ticket type, remove it, or close its sale (decision 0022). The price and the mode are
 * fixed once tickets are sold or held (the server says so too); a type with sales cannot be removed,
 * so its sale is closed instead.
 */
export function TicketTypeEditor({
  eventSlug,
  type,
  timeZone,
  onDone,
}: {
  eventSlug: string
  type: TicketType
  timeZone: string
  /** After a save, removal or close (`changed`), or on Cancel. */
  onDone: (changed: string | null) => void
}) {
  const resolver: Resolver<TicketTypeFieldValues> = (values) => {
    const errors = ticketTypeFieldErrors(typedTicketType(values, timeZone))
    return Object.keys(errors).length
      ? { values: {}, errors: nestErrors<TicketTypeFieldValues>(errors) }
      : { values, errors: {} }
  }
  const form = useForm<TicketTypeFieldValues>({
    defaultValues: {
      ...formValuesOf(type),
      saleStartsAt: toDateTimeLocal(type.saleStartsAt, timeZone),
      saleEndsAt: toDateTimeLocal(type.saleEndsAt, timeZone),
    },
    resolver,
  })
  const [removeRefused, setRemoveRefused] = useState<string | null>(null)
  const save = useAppMutation(UpdateTicketTypeMutation, { report: 'inline' })
  const remove = useAppMutation(RemoveTicketTypeMutation, { report: 'inline' })
  const close = useAppMutation(CloseTicketTypeSaleMutation, { report: 'inline' })
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const titleId = `edit-${type.id}-title`

  const submit = async (values: TicketTypeFieldValues) => {
    const r = await save.run(
      { eventSlug, ticketTypeId: type.id, input: ticketTypeInput(typedTicketType(values, timeZone)) },
      {
        success: `Saved ${values.name.trim()}.`,
        form: { setError: form.setError, place: (fields) => placeTicketTypeProblems(fields) },
      },
    )
    if (r.ok) onDone(values.name.trim())
  }

  const closeSale = async () => {
    const r = await close.run({ eventSlug, ticketTypeId: type.id }, { success: `${type.name}: sale closed.` })
    if (r.ok) onDone(type.name)
  }

  return (
    <Panel as="section" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Edit {type.name}
      </h2>
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={`edit-${type.id}`}
        summary={false}
        className="mt-3 grid gap-4"
      >
        <TicketTypeFields given={type.taken} />
        {save.message ? (
          <p role="alert" className="text-sm text-red-700">
            {save.message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={save.fetching}>
            Save {type.name}
          </Button>
          <Button variant="secondary" onClick={() => onDone(null)}>
            Cancel
          </Button>
        </div>
      </Form>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <h3 className="text-base font-semibold">Stop selling {type.name}</h3>
        {type.taken === 0 && !removeRefused ? (
          <>
            <p className="mt-1 text-sm text-slate-600">Nothing is sold or held yet, so the type can go.</p>
            <Button
              className="mt-2"
              variant="secondary"
              pending={remove.fetching}
              onClick={async () => {
                const r = await remove.run(
                  { eventSlug, ticketTypeId: type.id },
                  { success: `Removed ${type.name}.` },
                )
                if (r.ok) onDone(type.name)
                else setRemoveRefused(r.failure.message)
              }}
            >
              Remove {type.name}
            </Button>
          </>
        ) : (
          <>
            {removeRefused ? (
              <p role="alert" className="mt-1 text-sm text-slate-800">
                {removeRefused}
              </p>
            ) : (
              <p className="mt-1 text-sm text-slate-600">
                {type.taken} {type.taken === 1 ? 'ticket is' : 'tickets are'} sold or held, so the type stays
                on record.
              </p>
            )}
            <p className="mt-1 text-sm text-slate-600">
              {type.onSale
                ? 'Closing the sale ends its window now: nobody can buy more.'
                : 'Its sale is closed.'}
            </p>
            {type.onSale ? (
              <Button className="mt-2" variant="secondary" pending={close.fetching} onClick={closeSale}>
                Close the sale of {type.name} now
              </Button>
            ) : null}
          </>
        )}
        {close.message ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {close.message}
          </p>
        ) : null}
      </div>
    </Panel>
  )
}
