import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useParams } from 'react-router'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable, type DataColumn } from '#client/components/ui/data-table.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { Form, TextInput } from '#client/components/ui/form/index.ts'
import type { TicketAllocationQuery as Allocation } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { formatPence } from '#core/money.ts'
import { BALLOT_OUTCOME_WORDING, orderStatusLabel } from '#core/tickets/status-wording.ts'
import { Dialog } from '#client/components/ui/dialog.tsx'
import {
  RecordTicketPaymentMutation,
  RunDrawMutation,
  TicketAllocationQuery,
} from '../graphql/tickets.queries.ts'
import { OrderCardRefund, OrderLedger } from './order-card-refund.tsx'
import { SeatingPanel } from './seating-panel.tsx'

type BallotRequest = Data['requests'][number]['request']
type Order = Data['orders'][number]

const REQUEST_COLUMNS: DataColumn<BallotRequest>[] = [
  { key: 'position', header: '#', cell: (r) => r.drawPosition ?? '–' },
  { key: 'name', header: 'Name', rowHeader: true, cell: (r) => r.name },
  { key: 'quantity', header: 'Tickets', cell: (r) => r.quantity },
  { key: 'group', header: 'Group', cell: (r) => (r.groupName ? `${r.groupName} (${r.groupCode})` : '–') },
  { key: 'priority', header: 'Priority', cell: (r) => (r.priority === 0 ? 'Participant' : 'Member') },
  { key: 'outcome', header: 'Outcome', cell: (r) => BALLOT_OUTCOME_WORDING[r.outcome] },
]

const ORDER_COLUMNS: DataColumn<Order>[] = [
  {
    key: 'buyer',
    header: 'Buyer',
    rowHeader: true,
    cell: (o) => (
      <>
        {o.buyerName}
        <span className="block text-xs font-normal text-slate-500">{o.email}</span>
      </>
    ),
  },
  { key: 'type', header: 'Type', cell: (o) => o.typeName },
  { key: 'quantity', header: 'Tickets', cell: (o) => o.quantity },
  {
    key: 'amount',
    header: 'Amount',
    cell: (o) => (
      <>
        {formatPence(o.amountPence)}
        {o.voucherCode && o.discountPence > 0 ? (
          <span className="block text-xs font-normal text-slate-600">
            {o.voucherCode}: {formatPence(o.discountPence)} off
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: 'paid',
    header: 'Paid',
    // The order's ledger under the figure: each payment and refund, with how it was paid.
    cell: (o) => (
      <>
        {formatPence(o.paidPence)}
        <OrderLedger order={o} />
      </>
    ),
  },
  { key: 'outstanding', header: 'Outstanding', cell: (o) => formatPence(o.outstandingPence) },
  { key: 'status', header: 'Status', cell: (o) => orderStatusLabel(o.status) },
  { key: 'reference', header: 'Reference', cell: (o) => o.reference },
]
type Data = Allocation['ticketAllocation']

/** `/admin/:eventSlug/tickets/allocation` (superAdmin, ticketAdmin): ballots, the draw, seating, orders and payments. */
export function TicketAllocationPage({ notFound }: { notFound: React.ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: TicketAllocationQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  const refresh = () => query[1]({ requestPolicy: 'network-only' })
  return (
    <QueryView
      query={query}
      loadingLabel="Loading ticket allocation…"
      what="the allocation"
      notFound={notFound}
    >
      {({ ticketAllocation: a }) => (
        <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-8 sm:py-12">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <div>
              <h1 className="text-2xl font-bold text-slate-900">Ticket Allocation</h1>
              <p className="text-slate-600">
                {a.eventTitle} · {a.capacity - a.capacityLeft} of {a.capacity} taken
                {a.published ? '' : ' · not published'}
              </p>
            </div>
            <ButtonLink to={`/admin/${encodeURIComponent(a.eventSlug)}/tickets/check-in`} variant="secondary">
              Door check-in
            </ButtonLink>
          </div>
          {a.types
            .filter((t) => t.mode === 'BALLOT')
            .map((t) => (
              <BallotPanel
                key={t.id}
                eventSlug={a.eventSlug}
                type={t}
                requests={a.requests.filter((r) => r.ticketTypeId === t.id).map((r) => r.request)}
                onDone={refresh}
              />
            ))}
          {/* A draw or a new order changes who is to be seated: load the seating again. */}
          <SeatingPanel key={`${a.orders.length}:${a.capacityLeft}`} eventSlug={a.eventSlug} />
          <OrdersPanel orders={a.orders} onDone={refresh} />
        </div>
      )}
    </QueryView>
  )
}

function BallotPanel({
  eventSlug,
  type,
  requests,
  onDone,
}: {
  eventSlug: string
  type: Data['types'][number]
  requests: BallotRequest[]
  onDone: () => void
}) {
  const form = useForm<{ seed: string }>({ defaultValues: { seed: '' } })
  const draw = useAppMutation(RunDrawMutation, { report: 'inline' })
  // The draw cannot be undone: it is asked for twice, the second time saying what it will do.
  const [confirming, setConfirming] = useState<string | null>(null)
  const runDraw = async (seed: string) => {
    const r = await draw.run(
      { eventSlug, ticketTypeId: type.id, seed: seed.trim() || null },
      {
        success: (d) =>
          `Drawn: ${d.runBallotDraw.allocated} tickets allocated (seed ${d.runBallotDraw.seed}). Everyone has been emailed.`,
      },
    )
    setConfirming(null)
    if (r.ok) onDone()
  }
  const groups = new Set(requests.map((r) => r.groupCode).filter(Boolean)).size
  const requested = requests.reduce((s, r) => s + r.quantity, 0)
  const id = `ballot-${type.id}`
  return (
    <Panel as="section" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        Ballot: {type.name}
      </h2>
      <p className="text-sm text-slate-600">
        {requests.length} requests, {groups} groups, {requested} tickets asked for {type.left} left.{' '}
        {type.drawnAt ? `Drawn with seed ${type.ballotSeed}.` : 'Not drawn yet.'}
      </p>
      {!type.drawnAt ? (
        <Form
          form={form}
          idPrefix={id}
          summary={false}
          className="mt-3 flex flex-wrap items-end gap-3"
          onSubmit={({ seed }) => setConfirming(seed)}
        >
          <TextInput name="seed" label="Seed (optional)" hint="Blank: a random seed, recorded." />
          <Button type="submit" pending={draw.fetching}>
            Run the draw
          </Button>
        </Form>
      ) : null}
      {confirming !== null ? (
        <Dialog title={`Run the ${type.name} draw?`} onClose={() => setConfirming(null)}>
          <p>
            {requests.length} {requests.length === 1 ? 'entry asks' : 'entries ask'} for {requested} tickets;{' '}
            {type.left} can be drawn. The draw cannot be undone: winners are sent their tickets to pay for,
            and everyone else joins the waiting list and is told by email.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button data-autofocus pending={draw.fetching} onClick={() => void runDraw(confirming)}>
              Run the draw now
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Not yet
            </Button>
          </div>
        </Dialog>
      ) : null}
      {draw.message ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {draw.message}
        </p>
      ) : null}
      <DataTable
        caption={`Ballot requests for ${type.name}`}
        frameClassName="mt-3"
        columns={REQUEST_COLUMNS}
        rows={requests}
        rowKey={(r) => r.id}
      />
    </Panel>
  )
}

function OrdersPanel({ orders, onDone }: { orders: Data['orders']; onDone: () => void }) {
  const pay = useAppMutation(RecordTicketPaymentMutation, { report: 'inline' })
  const [refunded, setRefunded] = useState<string | null>(null)
  return (
    <Panel as="section" aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="text-lg font-semibold">
        Orders
      </h2>
      <p role="status" className="mt-2 text-sm text-emerald-800 empty:hidden">
        {refunded}
      </p>
      {pay.message ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {pay.message}
        </p>
      ) : null}
      <DataTable
        caption="Orders"
        frameClassName="mt-3"
        columns={[
          ...ORDER_COLUMNS,
          {
            key: 'pay',
            header: 'Record payment',
            hideHeader: true,
            cell: (o) =>
              o.cardRefundablePence > 0 ? (
                <OrderCardRefund
                  order={o}
                  onDone={(message) => {
                    setRefunded(message)
                    onDone()
                  }}
                />
              ) : o.status === 'AWAITING_PAYMENT' ? (
                <Button
                  variant="secondary"
                  aria-label={`Record payment: ${formatPence(o.amountPence - o.paidPence)} paid by ${o.buyerName}`}
                  onClick={async () => {
                    const r = await pay.run(
                      { orderId: o.id, amountPence: o.amountPence - o.paidPence, method: 'BANK_TRANSFER' },
                      { success: 'Payment recorded.' },
                    )
                    if (r.ok) onDone()
                  }}
                >
                  Record payment
                </Button>
              ) : null,
          },
        ]}
        rows={orders}
        rowKey={(o) => o.id}
      />
    </Panel>
  )
}
