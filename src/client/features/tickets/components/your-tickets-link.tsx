import { Ticket } from 'lucide-react'
import { useQuery } from 'urql'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { MyTicketCountQuery } from '../graphql/my-ticket-count.query.ts'

/**
 * "Your tickets" with a link to /tickets, for a member who holds tickets to events that have not
 * ended; nothing for one who holds none (the sidebar keeps the spec's rule for its own item).
 */
export function YourTicketsLink({ className = '' }: { className?: string }) {
  const [{ data }] = useQuery({ query: MyTicketCountQuery, requestPolicy: 'cache-and-network' })
  const held = data?.myTickets ?? []
  if (held.length === 0) return null
  const events = new Set(held.map((t) => t.eventSlug)).size
  return (
    <Panel as="section" aria-labelledby="your-tickets" className={className}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="your-tickets" className="text-lg font-bold text-brand-950">
            Your tickets
          </h2>
          <p className="text-sm text-slate-700">
            You hold {held.length} {held.length === 1 ? 'ticket' : 'tickets'}
            {events > 1 ? ` for ${events} events` : ''}: QR codes, PDFs, transfer and cancel.
          </p>
        </div>
        <ButtonLink to="/tickets" variant="secondary">
          <Ticket aria-hidden="true" className="size-4 shrink-0" />
          Your tickets
        </ButtonLink>
      </div>
    </Panel>
  )
}
