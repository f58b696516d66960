import { Button } from '#client/components/ui/button.tsx'
import { DateInput, Form } from '#client/components/ui/form/index.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { MoneyByMethodTable } from '#client/components/payments/money-by-method-table.tsx'
import { formatCalendarDate } from '#client/lib/format.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import type { MoneyRange } from '#core/payments/money-range.schemas.ts'
import { useMoneyPage } from '../hooks/use-money-page.ts'

/**
 * `/admin/money` (finance staff): the money recorded in a date range by payment method, tickets and
 * members' payment lines together, and the treasurer's two CSV files (decision 0052).
 */
export function MoneyPage() {
  const timeZone = useSocietyTimeZone()
  // The range starts on the society's clocks once they are known.
  return timeZone ? <MoneyView timeZone={timeZone} /> : <p className="px-4 py-8">Loading…</p>
}

function MoneyView({ timeZone }: { timeZone: string }) {
  const { form, range, show, query, download, exporting, problem } = useMoneyPage(timeZone)
  const money = query.data?.moneyInRange
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-8 sm:py-12">
      <title>Money · Admin · Stagedoor</title>
      <div>
        <h1 className="text-2xl font-bold text-brand-950">Money</h1>
        <p className="mt-1 text-slate-700">
          Every payment and refund recorded, tickets and members&rsquo; payment lines together, and the files
          the treasurer reconciles: card payouts with Stripe&rsquo;s fees, and all money received.
        </p>
      </div>
      <Panel as="section" aria-labelledby="money-range">
        <h2 id="money-range" className="text-lg font-semibold">
          Dates
        </h2>
        <Form<MoneyRange>
          form={form}
          onSubmit={show}
          idPrefix="money"
          className="mt-3 flex flex-wrap items-end gap-4"
        >
          <DateInput<MoneyRange> name="from" label="From" required />
          <DateInput<MoneyRange> name="to" label="To (included)" required />
          <Button type="submit">Show</Button>
        </Form>
      </Panel>
      <Panel as="section" aria-labelledby="money-figures">
        <h2 id="money-figures" className="text-lg font-semibold">
          {formatCalendarDate(range.from)} to {formatCalendarDate(range.to)}
        </h2>
        {query.error && !money ? (
          <p role="alert" className="mt-2 text-red-800">
            The figures could not be loaded: {query.error.graphQLErrors[0]?.message ?? 'try again.'}
          </p>
        ) : null}
        {money ? (
          <div className="mt-3">
            <MoneyByMethodTable money={money} caption="Money by payment method" showCaption={false} />
          </div>
        ) : query.fetching ? (
          <p className="mt-2 text-slate-600">Loading the figures…</p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            variant="secondary"
            pending={exporting === 'payouts'}
            onClick={() => void download('payouts')}
          >
            Download card payouts (CSV)
          </Button>
          <Button
            variant="secondary"
            pending={exporting === 'received'}
            onClick={() => void download('received')}
          >
            Download all money received (CSV)
          </Button>
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Card payouts: one row per card payment and refund, with the gross, Stripe&rsquo;s fee and the net
          that reaches the bank. All money received: every payment and refund by any method, one row each.
        </p>
        {problem ? (
          <p role="alert" className="mt-2 font-semibold text-red-800">
            {problem}
          </p>
        ) : null}
      </Panel>
    </div>
  )
}
