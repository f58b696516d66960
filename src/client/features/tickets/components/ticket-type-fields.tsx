import { fieldClass } from '#client/components/ui/field-class.ts'
import { TextField } from '#client/components/ui/text-field.tsx'
import { AUDIENCE_LABEL, TICKET_AUDIENCES } from '#core/tickets/tickets.ts'
import type { TicketTypeFormValues } from '../ticket-type-form-values.ts'

export interface TypeFieldsProps {
  /** Keeps ids unique when the add and edit forms are both on the page. */
  idPrefix: string
  values: TicketTypeFormValues
  set: <K extends keyof TicketTypeFormValues>(key: K, value: TicketTypeFormValues[K]) => void
  /** The sale window as typed in the datetime-local boxes. */
  starts: string
  ends: string
  setStarts: (v: string) => void
  setEnds: (v: string) => void
  errors: Record<string, string>
  /** How many tickets are sold or held: the price and the mode are fixed once there are any. */
  given?: number
}

/** The fields of a ticket type, shared by the add and edit forms of the set-up page. */
export function TicketTypeFields({
  idPrefix,
  values,
  set,
  starts,
  ends,
  setStarts,
  setEnds,
  errors,
  given = 0,
}: TypeFieldsProps) {
  const fixed = given > 0
  const soldOrHeld = `${given} ${given === 1 ? 'ticket is' : 'tickets are'} sold or held`
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
          required
        />
        <TextField
          label="Price (£)"
          name="price"
          hint={fixed ? `Fixed: ${soldOrHeld} at this price.` : '0 for free tickets, issued at once.'}
          inputMode="decimal"
          value={values.price}
          onChange={(e) => set('price', e.target.value)}
          error={errors.price}
          readOnly={fixed}
          className={fixed ? '[&_input]:bg-slate-100' : ''}
        />
        <TextField
          label="Quota"
          name="quota"
          inputMode="numeric"
          value={values.quota}
          onChange={(e) => set('quota', e.target.value)}
          error={errors.quota}
          required
        />
        <TextField
          label="Most per person"
          name="perPersonLimit"
          inputMode="numeric"
          value={values.perPersonLimit}
          onChange={(e) => set('perPersonLimit', e.target.value)}
          error={errors.perPersonLimit}
          required
        />
        <div>
          <label htmlFor={`${idPrefix}-audience`} className="block text-sm font-semibold text-slate-900">
            Who may buy
          </label>
          <select
            id={`${idPrefix}-audience`}
            name="audience"
            className={`mt-1.5 ${fieldClass()}`}
            value={values.audience}
            onChange={(e) => set('audience', e.target.value as TicketTypeFormValues['audience'])}
          >
            {TICKET_AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {AUDIENCE_LABEL[a]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${idPrefix}-mode`} className="block text-sm font-semibold text-slate-900">
            How tickets are given
          </label>
          <select
            id={`${idPrefix}-mode`}
            name="mode"
            className={`mt-1.5 ${fieldClass()}`}
            value={values.mode}
            disabled={fixed}
            aria-describedby={fixed ? `${idPrefix}-mode-fixed` : undefined}
            onChange={(e) => set('mode', e.target.value as TicketTypeFormValues['mode'])}
          >
            <option value="FIRST_COME">First come, first served</option>
            <option value="BALLOT">Ballot</option>
          </select>
          {fixed ? (
            <p id={`${idPrefix}-mode-fixed`} className="mt-1 text-sm text-slate-600">
              Fixed: {soldOrHeld}.
            </p>
          ) : null}
          {errors.mode ? <p className="mt-1 text-sm text-red-700">{errors.mode}</p> : null}
        </div>
        <TextField
          label="Sale opens (optional)"
          name="saleStartsAt"
          type="datetime-local"
          value={starts}
          onChange={(e) => setStarts(e.target.value)}
          error={errors.saleStartsAt}
        />
        <TextField
          label="Sale closes (optional)"
          name="saleEndsAt"
          type="datetime-local"
          value={ends}
          onChange={(e) => setEnds(e.target.value)}
          error={errors.saleEndsAt}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-info`} className="block text-sm font-semibold text-slate-900">
          Shown on the ticket (optional)
        </label>
        <textarea
          id={`${idPrefix}-info`}
          name="info"
          rows={2}
          className={`mt-1 ${fieldClass()}`}
          value={values.info}
          onChange={(e) => set('info', e.target.value)}
        />
      </div>
    </>
  )
}
