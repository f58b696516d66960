import { useParams } from 'react-router'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useQuery } from 'urql'
import { DataTable, type DataColumn } from '#client/components/ui/data-table.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { MoneyByMethodTable } from '#client/components/payments/money-by-method-table.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { TicketMoneyFieldsFragment, TicketStatsQuery as Stats } from '#client/gql/graphql.ts'
import { toCsv } from '#client/lib/csv.ts'
import { formatCalendarDate } from '#client/lib/format.ts'
import { formatPence } from '#core/money.ts'
import { TicketStatsQuery } from '../graphql/tickets.queries.ts'

type TypeRow = Stats['ticketStats']['types'][number]
const TYPE_COLUMNS: DataColumn<TypeRow>[] = [
  { key: 'type', header: 'Type', rowHeader: true, cell: (t) => t.name },
  { key: 'quota', header: 'Quota', cell: (t) => t.quota },
  { key: 'sold', header: 'Sold', cell: (t) => t.sold },
  { key: 'held', header: 'Held', cell: (t) => t.held },
  { key: 'checkedIn', header: 'Checked in', cell: (t) => t.checkedIn },
  // Sold, paid and outstanding: three amounts, "£0.00" when nothing (never "Free").
  { key: 'soldPence', header: 'Sold (£)', cell: (t) => formatPence(t.money.soldPence) },
  { key: 'paidPence', header: 'Paid', cell: (t) => formatPence(t.money.paidPence) },
  { key: 'outstandingPence', header: 'Outstanding', cell: (t) => formatPence(t.money.outstandingPence) },
]

/** The whole sale's sold, paid, outstanding and refunded amounts, under the per-type table. */
function MoneyTotals({ money, refundedPence }: { money: TicketMoneyFieldsFragment; refundedPence: number }) {
  const figures = [
    ['Sold', money.soldPence],
    ['Paid', money.paidPence],
    ['Outstanding', money.outstandingPence],
    ['Refunded', refundedPence],
  ] as const
  return (
    <div className="mt-3 flex flex-wrap items-baseline gap-x-6 gap-y-1 px-1 text-sm">
      <p className="font-semibold">Total</p>
      <dl className="contents">
        {figures.map(([label, pence]) => (
          <div key={label} className="flex gap-1">
            <dt>{label}</dt>
            <dd className="font-semibold">{formatPence(pence)}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/** The orders as CSV, built in the browser from what the page already shows. */
export function ordersCsv(orders: Stats['ticketStats']['orders']): string {
  return toCsv(
    [
      'created',
      'buyer',
      'email',
      'type',
      'quantity',
      'amount_pence',
      'paid_pence',
      'outstanding_pence',
      'status',
      'reference',
    ],
    orders.map((o) => [
      String(o.createdAt),
      o.buyerName,
      o.email,
      o.typeName,
      o.quantity,
      o.amountPence,
      o.paidPence,
      o.outstandingPence,
      o.status,
      o.reference,
    ]),
  )
}

/** `/admin/:eventSlug/tickets`: Ticket Stats (superAdmin, boardMember, orchestraAdmin). */
export function TicketStatsPage({ notFound }: { notFound: React.ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: TicketStatsQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  return (
    <QueryView query={query} loadingLabel="Loading ticket stats…" what="the ticket stats" notFound={notFound}>
      {({ ticketStats: s }) => (
        <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-8 sm:py-12">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">Ticket Stats</h1>
            <p className="text-slate-600">{s.eventTitle}</p>
          </div>
          <Panel as="section" aria-labelledby="per-type">
            <h2 id="per-type" className="text-lg font-semibold">
              Per ticket type
            </h2>
            <DataTable
              caption="Per ticket type"
              columns={TYPE_COLUMNS}
              rows={s.types}
              rowKey={(t) => t.name}
              frame="bare"
              frameClassName="mt-3"
              density="compact"
            />
            <MoneyTotals money={s.total} refundedPence={s.byMethod.refundedPence} />
          </Panel>
          <Panel as="section" aria-labelledby="by-method">
            <h2 id="by-method" className="text-lg font-semibold">
              Money by payment method
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              What each way of paying brought in and what went back by it; the net column adds up to Paid.
            </p>
            <div className="mt-3">
              <MoneyByMethodTable
                money={s.byMethod}
                caption="Ticket money by payment method"
                showCaption={false}
              />
            </div>
          </Panel>
          <Panel as="section" aria-labelledby="over-time">
            <h2 id="over-time" className="text-lg font-semibold">
              Sales over time
            </h2>
            {s.salesByDay.length === 0 ? (
              <p className="mt-2 text-slate-600">No tickets ordered yet.</p>
            ) : (
              <figure className="mt-3" data-testid="sales-chart">
                <div className="h-64 w-full">
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={s.salesByDay}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis
                        dataKey="day"
                        tickFormatter={(d: string) => formatCalendarDate(d).replace(/ \d{4}$/, '')}
                      />
                      <YAxis allowDecimals={false} />
                      <Tooltip labelFormatter={(d) => formatCalendarDate(String(d))} />
                      <Bar dataKey="tickets" name="Tickets" fill="#4338ca" />
                    </BarChart>
                  </ResponsiveContainer>
                </div>
                <figcaption className="sr-only">
                  {s.salesByDay
                    .map(
                      (d) =>
                        `${formatCalendarDate(d.day)}: ${d.tickets} ${d.tickets === 1 ? 'ticket' : 'tickets'}`,
                    )
                    .join('; ')}
                </figcaption>
              </figure>
            )}
          </Panel>
          {s.ballots.length ? (
            <Panel as="section" aria-labelledby="ballot-demand">
              <h2 id="ballot-demand" className="text-lg font-semibold">
                Ballot demand
              </h2>
              <ul className="mt-2 space-y-1 text-sm">
                {s.ballots.map((b) => (
                  <li key={b.typeName}>
                    {b.typeName}: {b.requested} requested for {b.supply} (participants {b.participants},
                    others {b.others})
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
          <Panel as="section" aria-labelledby="orders">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="orders" className="text-lg font-semibold">
                Orders ({s.orders.length})
              </h2>
              <a
                className="font-semibold text-indigo-700 underline"
                download={`${s.eventSlug}-orders.csv`}
                href={`data:text/csv;charset=utf-8,${encodeURIComponent(ordersCsv(s.orders))}`}
              >
                Export orders (CSV)
              </a>
            </div>
          </Panel>
        </div>
      )}
    </QueryView>
  )
}
