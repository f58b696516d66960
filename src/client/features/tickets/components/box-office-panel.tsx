import { Button } from '#client/components/ui/button.tsx'
import { Checkbox, Form, Select, TextInput } from '#client/components/ui/form/index.ts'
import { RadioGroup } from '#client/components/ui/form/radio-group.tsx'
import { errorMessage } from '#client/lib/mutation-failure.ts'
import { formatPence, formatPrice } from '#core/money.ts'
import { boxOfficeCollectLine } from '#core/tickets/box-office.ts'
import { DOOR_PAYMENT_METHODS, DOOR_PAYMENT_WORDING } from '#core/tickets/door.ts'
import { MAX_PER_ORDER } from '#core/tickets/tickets.ts'
import { useBoxOffice, type BoxOfficeValues } from '../hooks/use-box-office.ts'
import { basketQuantityOptions } from '../quantity-options.ts'
import { BoxOfficeSoldView } from './box-office-sold.tsx'

const METHODS = DOOR_PAYMENT_METHODS.map((m) => ({ value: m, label: DOOR_PAYMENT_WORDING[m] }))

/** "£12.00 each · 18 left · Online sale closed". */
function typeHint(t: { pricePence: number; left: number; notes: readonly string[] }): string {
  const price = t.pricePence === 0 ? 'Free' : `${formatPrice(t.pricePence)} each`
  return [price, t.left === 0 ? 'Sold out' : `${t.left} left`, ...t.notes].join(' · ')
}

/**
 * The box office (decision 0050): sell walk-ins tickets at the door, paid there, one order, checked
 * in at once unless unticked. The total to take shows before the sale is confirmed.
 */
export function BoxOfficePanel({ eventSlug, onSold }: { eventSlug: string; onSold: () => void }) {
  const b = useBoxOffice(eventSlug, onSold)
  const unsold = b.types.filter((t) => !t.sellable)
  return (
    <div id="box-office" className="mt-3 rounded-lg border border-slate-300 p-4">
      {b.sold ? <BoxOfficeSoldView sold={b.sold} onDone={b.clearSold} /> : null}
      {!b.online ? (
        <p role="status" className="mt-3 text-sm font-semibold text-amber-800" data-box-office-offline>
          Offline: the box office needs the network to sell tickets. Scanning still works from the downloaded
          list; sell again once the network is back.
        </p>
      ) : null}
      {b.loading ? <p className="mt-3 text-sm text-slate-600">Loading the ticket types…</p> : null}
      {b.loadError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {b.online ? errorMessage(b.loadError) : 'The ticket types load when online.'}
        </p>
      ) : null}
      {b.types.length ? (
        <Form
          form={b.form}
          idPrefix="box-office"
          onSubmit={b.submit}
          message={b.sell.message}
          summaryTitle="The sale could not be made"
          className="mt-3 grid gap-4"
        >
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Tickets</legend>
            <div className="mt-1.5 grid gap-3 sm:grid-cols-2">
              {b.types
                .filter((t) => t.sellable)
                .map((t) => (
                  <Select<BoxOfficeValues>
                    key={t.id}
                    name={`quantities.${t.id}`}
                    label={t.name}
                    hint={typeHint(t)}
                    options={basketQuantityOptions(Math.min(t.left, MAX_PER_ORDER))}
                  />
                ))}
            </div>
            {unsold.length ? (
              <p className="mt-2 text-sm text-slate-600">
                {unsold.map((t) => `${t.name}: ${t.notes.join(', ')}`).join('. ')}.
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput<BoxOfficeValues> name="buyerName" label="Name (optional)" autoComplete="off" />
            <TextInput<BoxOfficeValues>
              name="email"
              type="email"
              label="Email (optional)"
              autoComplete="off"
              hint="Given an address, we email them the tickets."
            />
          </div>
          <RadioGroup<BoxOfficeValues> name="method" legend="Paid by" options={METHODS} />
          <Checkbox<BoxOfficeValues>
            name="checkIn"
            label="Check them in now"
            hint="They are at the door: the tickets are let in with the sale."
          />
          <div>
            <p className="text-lg font-semibold text-slate-900" aria-live="polite" data-box-office-total>
              {b.count === 0
                ? 'Choose the tickets to sell.'
                : `${b.count} ticket${b.count === 1 ? '' : 's'}: ${formatPence(b.totalPence)}. ${boxOfficeCollectLine(b.totalPence, b.method)}`}
            </p>
            <Button className="mt-2" type="submit" pending={b.sell.fetching} disabled={!b.online}>
              {b.count > 0 && b.totalPence > 0
                ? `Taken ${formatPence(b.totalPence)}: sell ${b.count} ticket${b.count === 1 ? '' : 's'}`
                : 'Sell the tickets'}
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  )
}
