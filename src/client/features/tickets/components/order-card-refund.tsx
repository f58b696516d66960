import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { Checkbox, Form, MoneyInput } from '#client/components/ui/form/index.ts'
import type { TicketAllocationQuery as Allocation } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { PAYMENT_METHOD_LABELS } from '#core/applications/payments.ts'
import { formatPence } from '#core/money.ts'
import { RefundTicketOrderByCardMutation } from '../graphql/tickets.queries.ts'

type Order = Allocation['ticketAllocation']['orders'][number]

/** An order's ledger in the orders table: each payment and refund, with its method in words. */
export function OrderLedger({ order }: { order: Order }) {
  if (!order.payments.length) return null
  return (
    <ul
      className="mt-1 grid gap-0.5 text-xs font-normal text-slate-700"
      aria-label={`Payments on order ${order.reference}`}
    >
      {order.payments.map((p) => (
        <li key={p.id}>
          <span className="font-semibold tabular-nums text-slate-900">{formatPence(p.amountPence)}</span>{' '}
          {p.amountPence < 0 ? 'refund, ' : ''}
          {PAYMENT_METHOD_LABELS[p.method]}
          <span className="block text-slate-600">{formatDateTime(p.recordedAt)}</span>
        </li>
      ))}
    </ul>
  )
}

interface RefundValues {
  amountPence: number | null
  cancelOrder: boolean
}

/**
 * Staff: refund a card-paid order to the card through Stripe (decision 0054), some or all of it,
 * and cancel the whole order with it (its tickets stop working and go back on sale).
 */
export function OrderCardRefund({ order, onDone }: { order: Order; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false)
  const refund = useAppMutation(RefundTicketOrderByCardMutation, { report: 'inline' })
  const form = useForm<RefundValues>({
    defaultValues: { amountPence: order.cardRefundablePence, cancelOrder: order.status !== 'CANCELLED' },
  })
  if (order.cardRefundablePence <= 0) return null
  const idPrefix = `refund-${order.id.slice(0, 8)}`
  const submit = async (values: RefundValues) => {
    const amountPence = values.amountPence ?? 0
    const r = await refund.run(
      { orderId: order.id, amountPence, cancelOrder: order.status !== 'CANCELLED' && values.cancelOrder },
      { form: { setError: form.setError } },
    )
    if (r.ok) {
      setOpen(false)
      onDone(
        `${formatPence(amountPence)} refunded to the card for order ${order.reference}${r.data.refundTicketOrderByCard.status === 'CANCELLED' && order.status !== 'CANCELLED' ? '; the order is cancelled' : ''}. ${order.buyerName} has been emailed.`,
      )
    }
  }
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`Refund to card: order ${order.reference} by ${order.buyerName}`}
        onClick={() => setOpen(true)}
      >
        Refund to card
      </Button>
      {open ? (
        <Dialog title={`Refund order ${order.reference} to the card`} onClose={() => setOpen(false)}>
          <p className="text-sm text-slate-700">
            {order.buyerName} paid by card; {formatPence(order.cardRefundablePence)} of it can still be
            refunded. Stripe returns the money to their card and they are emailed.
          </p>
          <Form form={form} onSubmit={submit} idPrefix={idPrefix} className="mt-3 grid gap-3">
            <MoneyInput<RefundValues> name="amountPence" label="Amount to refund" required />
            {order.status !== 'CANCELLED' ? (
              <Checkbox<RefundValues>
                name="cancelOrder"
                label="Cancel the whole order"
                hint="Its tickets stop working and go back on sale."
              />
            ) : null}
            {refund.message ? (
              <p role="alert" className="text-sm text-red-700">
                {refund.message}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" pending={refund.fetching} data-autofocus>
                Refund to card
              </Button>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Not now
              </Button>
            </div>
          </Form>
        </Dialog>
      ) : null}
    </>
  )
}
