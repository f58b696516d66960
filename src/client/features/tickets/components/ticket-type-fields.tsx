import { useFormContext, useWatch } from 'react-hook-form'
import { Checkbox, Select, Textarea, TextInput } from '#client/components/ui/form/index.ts'
import { fromDateTimeLocal } from '#client/lib/datetime-local.ts'
import { AUDIENCE_LABEL, TICKET_AUDIENCES } from '#core/tickets/tickets.ts'
import type { TicketTypeFormValues } from '../ticket-type-form-values.ts'

/** The ticket-type fields as the form holds them: the sale window as typed (datetime-local). */
export type TicketTypeFieldValues = TicketTypeFormValues & { saleStartsAt: string; saleEndsAt: string }

export const EMPTY_TICKET_TYPE_FIELDS: TicketTypeFieldValues = {
  name: '',
  info: '',
  price: '',
  free: false,
  quota: '',
  perPersonLimit: '4',
  audience: 'PUBLIC',
  mode: 'FIRST_COME',
  saleStartsAt: '',
  saleEndsAt: '',
  hidden: false,
}

/** The fields with the sale window read on the society's clocks (a time that is none: "invalid"). */
export function typedTicketType(values: TicketTypeFieldValues, timeZone: string): TicketTypeFormValues {
  const instant = (text: string) => (text ? (fromDateTimeLocal(text, timeZone) ?? 'invalid') : null)
  return { ...values, saleStartsAt: instant(values.saleStartsAt), saleEndsAt: instant(values.saleEndsAt) }
}

const AUDIENCE_OPTIONS = TICKET_AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABEL[a] }))
const MODE_OPTIONS = [
  { value: 'FIRST_COME', label: 'First come, first served' },
  { value: 'BALLOT', label: 'Ballot' },
]

/**
 * The fields of a ticket type, shared by the add and edit forms of the set-up page, at `prefix`
 * in the form around them ("newType." in the set-up form, "" in the editor).
 */
export function TicketTypeFields({
  prefix = '',
  given = 0,
}: {
  prefix?: string
  /** How many tickets are sold or held: the price and the mode are fixed once there are any. */
  given?: number
}) {
  const fixed = given > 0
  const soldOrHeld = `${given} ${given === 1 ? 'ticket is' : 'tickets are'} sold or held`
  const at = (field: keyof TicketTypeFieldValues) => `${prefix}${field}`
  const free = useWatch({ control: useFormContext().control, name: at('free') }) === true
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput name={at('name')} label="Name" required />
        <div className="grid gap-2">
          <TextInput
            name={at('price')}
            label="Price (£)"
            hint={
              fixed ? `Fixed: ${soldOrHeld} at this price.` : free ? 'Free tickets have no price.' : undefined
            }
            inputMode="decimal"
            required={!free}
            readOnly={fixed || free}
            className={fixed || free ? '[&_input]:bg-slate-100' : ''}
          />
          <Checkbox name={at('free')} label="Free" hint="No price: tickets are issued at once." />
        </div>
        <TextInput name={at('quota')} label="Quota" inputMode="numeric" required />
        <TextInput name={at('perPersonLimit')} label="Most per person" inputMode="numeric" required />
        <Select name={at('audience')} label="Who may buy" options={AUDIENCE_OPTIONS} />
        <Select
          name={at('mode')}
          label="How tickets are given"
          options={MODE_OPTIONS}
          disabled={fixed}
          hint={fixed ? `Fixed: ${soldOrHeld}.` : undefined}
        />
        <TextInput name={at('saleStartsAt')} label="Sale opens (optional)" type="datetime-local" />
        <TextInput name={at('saleEndsAt')} label="Sale closes (optional)" type="datetime-local" />
        <Checkbox
          name={at('hidden')}
          label="Hidden"
          hint="Not in the shop unless a voucher code that unlocks it is given."
        />
      </div>
      <Textarea name={at('info')} label="Shown on the ticket (optional)" rows={2} />
    </>
  )
}
