import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useParams } from 'react-router'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { Form, Select, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { Notice } from '#client/components/ui/notice.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { HeldTicketOrderQuery as Held } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { formatPence } from '#core/money.ts'
import { purchaseInputSchema } from '#core/tickets/tickets.ts'
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

/** What claiming checks: the same rules as buying (names, how to pay). */
const claimSchema = purchaseInputSchema.pick({ buyerName: true, attendeeNames: true, payment: true })
interface ClaimValues {
  buyerName: string
  attendeeNames: string[]
  payment: 'PAY_AT_DOOR' | 'BANK_TRANSFER'
}
const PAYMENT_OPTIONS = [
  { value: 'PAY_AT_DOOR', label: 'Pay at the door' },
  { value: 'BANK_TRANSFER', label: 'Bank transfer with reference' },
]

function ClaimForm({
  held,
  onDone,
}: {
  held: NonNullable<Held['heldTicketOrder']>
  onDone: (message: string) => void
}) {
  const form = useForm<ClaimValues>({
    defaultValues: {
      buyerName: held.name,
      attendeeNames: Array.from({ length: held.quantity }, (_, i) => (i === 0 ? held.name : '')),
      payment: 'PAY_AT_DOOR',
    },
    resolver: zodResolver<ClaimValues>(claimSchema),
  })
  const confirm = useAppMutation(ConfirmTicketOrderMutation, { report: 'inline' })
  const timeZone = useSocietyTimeZone()
  const submit = async (values: ClaimValues) => {
    const r = await confirm.run(
      { claimToken: held.claimToken, ...values },
      { form: { setError: form.setError } },
    )
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
        {formatDateTime(held.heldUntil, timeZone)}. Total {formatPence(held.amountPence)}.
      </p>
      <Form form={form} onSubmit={submit} idPrefix="claim" summary={false} className="mt-4 grid gap-4">
        <TextInput<ClaimValues> name="buyerName" label="Your name" required />
        {Array.from({ length: held.quantity }, (_, i) => (
          <TextInput<ClaimValues>
            key={i}
            name={`attendeeNames.${i}`}
            label={`Name on ticket ${i + 1}`}
            required
          />
        ))}
        {held.amountPence > 0 ? (
          <Select<ClaimValues> name="payment" label="How you will pay" options={PAYMENT_OPTIONS} />
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
      </Form>
    </Panel>
  )
}
