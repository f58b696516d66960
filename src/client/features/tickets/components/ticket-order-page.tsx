import { CalendarDays, MapPin } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { PaymentInstructions } from '#client/components/payments/payment-instructions.tsx'
import { Notice } from '#client/components/ui/notice.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { TicketOrderPageQuery as Page } from '#client/gql/graphql.ts'
import { formatDate, formatDateRange, formatTime } from '#client/lib/format.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { formatPence } from '#core/money.ts'
import { orderStatusLabel, ticketStatusLabel } from '#core/tickets/status-wording.ts'
import { TicketOrderPageQuery } from '../graphql/order-page.queries.ts'
import { OrderCardPayment } from './order-card-payment.tsx'
import { TicketHolderActions } from './ticket-holder-actions.tsx'

type Order = Page['ticketOrder']
type OrderTicket = Order['tickets'][number]

/** The order page's own links: every live ticket in one PDF, and the event for a calendar. */
export const orderFileUrl = (token: string, ext: 'pdf' | 'ics') =>
  `/api/tickets/order/${encodeURIComponent(token)}.${ext}`

function useOrderPage() {
  const { token = '' } = useParams()
  const query = useQuery({
    query: TicketOrderPageQuery,
    variables: { token },
    requestPolicy: 'cache-and-network',
  })
  const [done, setDone] = useState<string | null>(null)
  const reload = () => query[1]({ requestPolicy: 'network-only' })
  const changed = (message: string) => {
    setDone(message)
    reload()
  }
  return { token, query, done, changed, reload }
}

/**
 * `/tickets/order/:token`: an order's own page (decision 0048), for whoever holds the link emailed
 * with the tickets (no account needed): the event, every ticket with its status and own page, the
 * money, how to pay, one PDF of all the tickets, the event for a calendar, and each ticket's
 * transfer and cancel while the policy allows them.
 */
export function TicketOrderPage() {
  const { token, query, done, changed, reload } = useOrderPage()
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Your order · Stagedoor</title>
      <h1 className="text-2xl font-bold text-slate-900">Your order</h1>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <QueryView
        query={query}
        loadingLabel="Loading the order…"
        what="the order"
        level={2}
        notFound={
          <p role="alert" className="mt-4 text-slate-700">
            This order link is not valid. Check that it was copied whole from the email.
          </p>
        }
      >
        {({ ticketOrder }) => (
          <>
            <OrderCardPayment
              token={token}
              order={{ ...ticketOrder, ticketCount: ticketOrder.tickets.length }}
              onSettled={reload}
            />
            <OrderView order={ticketOrder} token={token} onChanged={changed} />
          </>
        )}
      </QueryView>
    </div>
  )
}

function OrderView({
  order,
  token,
  onChanged,
}: {
  order: Order
  token: string
  onChanged: (message: string) => void
}) {
  const timeZone = useSocietyTimeZone()
  const live = order.tickets.filter((t) => t.ticket)
  return (
    <div className="mt-4 grid gap-6">
      <header>
        <p className="text-lg font-semibold text-brand-900">
          <Link
            className="underline underline-offset-2"
            to={`/listings/${encodeURIComponent(order.event.slug)}`}
          >
            {order.event.title}
          </Link>
        </p>
        <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-5">
          <li className="inline-flex items-center gap-1.5" data-testid="order-when">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            {formatDateRange(order.event.startDate, order.event.endDate, timeZone)}
          </li>
          {order.event.venue ? (
            <li className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              {order.event.venue}
            </li>
          ) : null}
        </ul>
        <p className="mt-2 text-sm text-slate-700">
          Order <span className="font-mono font-semibold text-slate-900">{order.reference}</span> ·{' '}
          {orderStatusLabel(order.status)} · for {order.buyerName}
          {/* A walk-in at the box office may have given no address. */}
          {order.email ? ` (${order.email})` : ''}
        </p>
        <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold print:hidden">
          {live.length ? (
            <a className="text-brand-800 underline" href={orderFileUrl(token, 'pdf')} download>
              Download all tickets (PDF)
            </a>
          ) : null}
          <a className="text-brand-800 underline" href={orderFileUrl(token, 'ics')} download>
            Add to calendar
          </a>
          {order.receiptUrl ? (
            <a className="text-brand-800 underline" href={order.receiptUrl} download>
              Download the receipt (PDF)
            </a>
          ) : null}
        </div>
      </header>
      {order.tickets.length ? (
        <section aria-labelledby="order-tickets">
          <h2 id="order-tickets" className="text-lg font-semibold text-slate-900">
            Tickets
          </h2>
          <ul className="mt-2 grid gap-3">
            {order.tickets.map((t) => (
              <li key={t.id}>
                <OrderTicketRow ticket={t} onChanged={onChanged} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* A card payment on its way has sold nothing yet: the notice above says where it stands. */}
      {order.status === 'HELD' ? null : <OrderMoney order={order} />}
    </div>
  )
}

function OrderTicketRow({ ticket: t, onChanged }: { ticket: OrderTicket; onChanged: (m: string) => void }) {
  const held = t.ticket
  const timeZone = useSocietyTimeZone()
  return (
    <Panel as="article" aria-label={`${t.typeName} ticket for ${t.attendeeName}`}>
      <h3 className="font-semibold text-slate-900">
        {t.attendeeName} · {t.typeName}
      </h3>
      {t.seat ? <p className="text-slate-900">{t.seat}</p> : null}
      <p className="text-sm text-slate-700" data-testid="order-ticket-status">
        {t.passedOn
          ? 'Passed to someone else'
          : held?.checkedInAt
            ? `Checked in at ${formatTime(held.checkedInAt, timeZone)}, ${formatDate(held.checkedInAt, timeZone)}`
            : ticketStatusLabel(t.status)}
      </p>
      {held ? (
        <>
          <Link
            className="mt-1 inline-block text-sm font-semibold text-brand-800 underline"
            to={`/tickets/show/${encodeURIComponent(held.code)}`}
          >
            Open {t.attendeeName}’s ticket
          </Link>
          {held.viewerCan.cancel || held.viewerCan.transfer ? (
            <TicketHolderActions code={held.code} eventSlug={held.eventSlug} onDone={onChanged} />
          ) : null}
        </>
      ) : null}
    </Panel>
  )
}

function OrderMoney({ order }: { order: Order }) {
  const figures: [string, number][] = [
    ['Total', order.soldPence],
    ['Paid', order.paidPence],
    ['Outstanding', order.outstandingPence],
  ]
  return (
    <section aria-labelledby="order-money">
      <h2 id="order-money" className="text-lg font-semibold text-slate-900">
        Payment
      </h2>
      <dl className="mt-2 grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-slate-900">
        {figures.map(([label, pence]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="text-right font-semibold tabular-nums">{formatPence(pence)}</dd>
          </div>
        ))}
      </dl>
      {order.voucherCode && order.discountPence > 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          The total includes {formatPence(order.discountPence)} off with the code{' '}
          <span className="font-mono font-semibold">{order.voucherCode}</span>.
        </p>
      ) : null}
      {order.outstandingPence > 0 && order.payment === 'PAY_AT_DOOR' ? (
        <p className="mt-2 text-sm text-slate-700">
          To pay at the door: {formatPence(order.outstandingPence)} (reference {order.reference}).
        </p>
      ) : null}
      {order.bankTransfer ? (
        <div className="mt-2">
          <h3 className="text-base font-semibold text-slate-900">Paying by bank transfer</h3>
          <PaymentInstructions instructions={order.bankTransfer} />
        </div>
      ) : null}
    </section>
  )
}
