import { useState, type FormEvent } from 'react'
import { useParams } from 'react-router'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Notice } from '#client/components/ui/notice.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { HeldTicketOrderQuery as Held } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { isOneOf } from '#core/closed-set.ts'
import { formatTicketPrice, PAYMENT_CHOICES, type PaymentChoice } from '#core/tickets/tickets.ts'
import { ConfirmTicketOrderMutation, HeldTicketOrderQuery } from '../graphql/ticket-holder.queries.ts'

/**
 * `/tickets/claim/:token`: tickets kept for someone (a waitlist offer, or a checkout's 10-minute
 * hold): names for each ticket and how to pay, before `heldUntil`.
 */
export function ClaimTicketsPage() {
  const { token = '' } = useParams()
  const query = useQuery({
    query: HeldTicketOrderQuery,
    variables: { claimToken: token },
    requestPolicy: 'network-only',
  })
  const [done, setDone] = useState<string | null>(null)
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Claim your tickets · Stagedoor</title>
      <h1 className="text-2xl font-bold text-slate-900">Claim your tickets</h1>
      {done ? (
        <Notice tone="success">{done}</Notice>
      ) : (
        <QueryView query={query} loadingLabel="Loading…" what="the tickets kept for you" level={2}>
          {({ heldTicketOrder }) =>
            heldTicketOrder ? (
              <ClaimForm held={heldTicketOrder} onDone={setDone} />
            ) : (
              <p className="mt-4 text-slate-700">
                These tickets are no longer kept: they were claimed already, or the time to claim them ran
                out.
              </p>
            )
          }
        </QueryView>
      )}
    </div>
  )
}

function ClaimForm({
  held,
  onDone,
}: {
  held: NonNullable<Held['heldTicketOrder']>
  onDone: (message: string) => void
}) {
  const [buyerName, setBuyerName] = useState(held.name)
  const [names, setNames] = useState<string[]>(
    Array.from({ length: held.quantity }, (_, i) => (i === 0 ? held.name : '')),
  )
  const [payment, setPayment] = useState<PaymentChoice>('PAY_AT_DOOR')
  const confirm = useAppMutation(ConfirmTicketOrderMutation, { report: 'inline' })
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const r = await confirm.run({ claimToken: held.claimToken, buyerName, attendeeNames: names, payment })
    if (r.ok) {
      onDone(
        `Done: ${r.data.confirmTicketOrder.tickets} ${r.data.confirmTicketOrder.tickets === 1 ? 'ticket' : 'tickets'} sent to ${held.email} (reference ${r.data.confirmTicketOrder.reference}).`,
      )
    }
  }
  return (
    <Panel as="section" aria-labelledby="claim-title" className="mt-6">
      <h2 id="claim-title" className="text-lg font-semibold">
        {held.quantity} × {held.typeName} · {held.eventTitle}
      </h2>
      <p className="text-slate-700">
        {held.fromWaitlist ? 'Offered to you from the waitlist. ' : ''}Kept for you until{' '}
        {formatDateTime(held.heldUntil)}. Total {formatTicketPrice(held.amountPence)}.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <TextField
          label="Your name"
          value={buyerName}
          onChange={(e) => setBuyerName(e.target.value)}
          required
        />
        {names.map((name, i) => (
          <TextField
            key={i}
            label={`Name on ticket ${i + 1}`}
            value={name}
            onChange={(e) => setNames((all) => all.map((n, j) => (j === i ? e.target.value : n)))}
            required
          />
        ))}
        {held.amountPence > 0 ? (
          <div>
            <label htmlFor="claim-payment" className="block text-sm font-semibold text-slate-900">
              How you will pay
            </label>
            <select
              id="claim-payment"
              className={`mt-1.5 ${fieldClass()}`}
              value={payment}
              onChange={(e) => {
                if (isOneOf(PAYMENT_CHOICES, e.target.value)) setPayment(e.target.value)
              }}
            >
              <option value="PAY_AT_DOOR">Pay at the door</option>
              <option value="BANK_TRANSFER">Bank transfer with reference</option>
            </select>
          </div>
        ) : null}
        {confirm.message ? (
          <p role="alert" className="text-sm text-red-700">
            {confirm.message}
          </p>
        ) : null}
        <div>
          <Button type="submit" pending={confirm.fetching}>
            Claim {held.quantity === 1 ? 'the ticket' : `the ${held.quantity} tickets`}
          </Button>
        </div>
      </form>
    </Panel>
  )
}
