import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { Notice } from '#client/components/ui/notice.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { formatDateTime } from '#client/lib/format.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { EMAIL_CONFIRM_WAIT, type EmailedOrderState } from '#core/tickets/email-confirmation.ts'
import { formatPence } from '#core/money.ts'
import {
  ConfirmEmailedTicketOrderMutation,
  EmailedTicketOrderQuery,
} from '../graphql/ticket-holder.queries.ts'

/** What the page says when the link cannot confirm anything (issue 26). */
const CLOSED: Record<Exclude<EmailedOrderState, 'OPEN'>, string> = {
  CONFIRMED: 'This link was used already: the order is confirmed and its tickets were emailed to you.',
  LAPSED: `This order lapsed: it was not confirmed within ${EMAIL_CONFIRM_WAIT}, so its tickets went back on sale. Nothing was bought.`,
  UNKNOWN: 'This confirmation link is not known. Check that it was copied whole from the email.',
}

/**
 * `/tickets/confirm/:token`: the link emailed for an order placed without sign-in. Opening it
 * changes nothing (mail scanners open links too); the button confirms, and the tickets are emailed.
 */
export function ConfirmTicketOrderPage() {
  const { token = '' } = useParams()
  const query = useQuery({
    query: EmailedTicketOrderQuery,
    variables: { token },
    requestPolicy: 'network-only',
  })
  const confirm = useAppMutation(ConfirmEmailedTicketOrderMutation, { report: 'inline' })
  const [done, setDone] = useState<{ message: string; orderToken: string | null } | null>(null)
  const timeZone = useSocietyTimeZone()
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Confirm your tickets · Stagedoor</title>
      <h1 className="text-2xl font-bold text-slate-900">Confirm your tickets</h1>
      {done ? (
        <>
          <Notice tone="success">{done.message}</Notice>
          {done.orderToken ? (
            <Link
              className="mt-3 inline-block font-semibold text-brand-800 underline"
              to={`/tickets/order/${encodeURIComponent(done.orderToken)}`}
            >
              See your order
            </Link>
          ) : null}
        </>
      ) : (
        <QueryView query={query} loadingLabel="Loading…" what="your order" level={2}>
          {({ emailedTicketOrder: order }) =>
            order.state !== 'OPEN' ? (
              <p className="mt-4 text-slate-700">{CLOSED[order.state]}</p>
            ) : (
              <Panel as="section" aria-labelledby="confirm-title" className="mt-6">
                <h2 id="confirm-title" className="text-lg font-semibold">
                  {order.typeName} · {order.eventTitle}
                </h2>
                <p className="text-slate-700">
                  {order.amountPence ? `Total ${formatPence(order.amountPence)}. ` : 'Free. '}
                  Kept for you until {formatDateTime(order.confirmBy!, timeZone)}. Confirm to have the tickets
                  sent to {order.email}.
                </p>
                {confirm.message ? (
                  <p role="alert" className="mt-2 text-sm text-red-700">
                    {confirm.message}
                  </p>
                ) : null}
                <Button
                  className="mt-4"
                  pending={confirm.fetching}
                  onClick={async () => {
                    const r = await confirm.run({ token })
                    if (r.ok) {
                      const c = r.data.confirmEmailedTicketOrder
                      setDone({
                        message: `Confirmed: ${c.tickets} ${c.tickets === 1 ? 'ticket' : 'tickets'} sent to ${order.email} (reference ${c.reference}).`,
                        orderToken: c.orderToken ?? null,
                      })
                    }
                  }}
                >
                  Confirm my order
                </Button>
              </Panel>
            )
          }
        </QueryView>
      )}
    </div>
  )
}
