import { useState } from 'react'
import { useParams } from 'react-router'
import { useQuery } from 'urql'
import { Notice } from '#client/components/ui/notice.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { TicketByCodeQuery } from '../graphql/ticket-holder.queries.ts'
import { TicketCard } from './my-tickets-page.tsx'

/** `/tickets/show/:code`: the emailed link of one ticket, for whoever holds the code (no account needed). */
export function TicketLinkPage() {
  const { code = '' } = useParams()
  const query = useQuery({
    query: TicketByCodeQuery,
    variables: { code },
    requestPolicy: 'cache-and-network',
  })
  const [done, setDone] = useState<string | null>(null)
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Your ticket · Stagedoor</title>
      <h1 className="text-2xl font-bold text-slate-900">Your ticket</h1>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <QueryView query={query} loadingLabel="Loading the ticket…" what="the ticket" level={2}>
        {({ ticketByCode }) =>
          ticketByCode ? (
            <div className="mt-6">
              <TicketCard
                ticket={ticketByCode}
                onChanged={(message) => {
                  setDone(message)
                  query[1]({ requestPolicy: 'network-only' })
                }}
              />
            </div>
          ) : (
            <p className="mt-4 text-slate-700">
              This ticket code no longer works: the ticket was cancelled or passed to someone else.
            </p>
          )
        }
      </QueryView>
    </div>
  )
}
