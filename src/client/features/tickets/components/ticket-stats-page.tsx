import { useParams } from 'react-router'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useQuery } from 'urql'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { TicketStatsQuery as Stats } from '#client/gql/graphql.ts'
import { toCsv } from '#client/lib/csv.ts'
import { formatCalendarDate } from '#client/lib/format.ts'
import { formatPence } from '#core/money.ts'
import { TicketStatsQuery } from '../graphql/tickets.queries.ts'

const cell = 'px-3 py-2 text-left'

/** The orders as CSV, built in the browser from what the page already shows. */
export function ordersCsv(orders: Stats['ticketStats']['orders']): string {
  return toCsv(
    ['created', 'buyer', 'email', 'type', 'quantity', 'amount_pence', 'paid_pence', 'status', 'reference'],
    orders.map((o) => [
      String(o.createdAt),
      o.buyerName,
      o.email,
      o.typeName,
      o.quantity,
      o.amountPence,
      o.paidPence,
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
            <div
              className="relative mt-3 overflow-x-auto"
              tabIndex={0}
              role="region"
              aria-label="Per ticket type table (scrolls sideways)"
            >
              <table className="min-w-full text-sm">
                <thead>
                  <tr className="border-b">
                    {['Type', 'Quota', 'Sold (paid)', 'Held (to pay)', 'Checked in', 'Revenue'].map((h) => (
                      <th key={h} scope="col" className={cell}>
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {s.types.map((t) => (
                    <tr key={t.name} className="border-b last:border-0">
                      <th scope="row" className={cell}>
                        {t.name}
                      </th>
                      <td className={cell}>{t.quota}</td>
                      <td className={cell}>{t.sold}</td>
                      <td className={cell}>{t.held}</td>
                      <td className={cell}>{t.checkedIn}</td>
                      <td className={cell}>{formatPence(t.revenuePence)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
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
