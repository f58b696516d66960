import { Ticket } from 'lucide-react'
import { Navigate } from 'react-router'
import { can } from '#core/auth/policies.ts'
import { adminSidebar } from '#core/navigation/admin-nav.ts'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'
import { useTicketEvent } from '../hooks/use-ticket-event.ts'
import { EventPicker } from './event-picker.tsx'

/**
 * `/admin/tickets` and `/admin/tickets/allocation`: a ticket page before an event is chosen. With a
 * remembered choice it goes straight to that event's page; otherwise it asks for one.
 */
export function ChooseTicketEventPage({
  page,
}: {
  page: 'ticketStats' | 'ticketAllocation' | 'ticketSetup'
}) {
  const { user } = useAuth()
  const ticketEvent = useTicketEvent()
  const title = {
    ticketStats: 'Ticket Stats',
    ticketAllocation: 'Ticket Allocation',
    ticketSetup: 'Tickets',
  }[page]
  const target = ticketEvent.slug
    ? adminSidebar(user, ticketEvent.slug).find((item) => item.key === page)?.to
    : undefined
  if (target) return <Navigate to={target} replace />
  return (
    <section aria-labelledby="choose-event-title" className="mx-auto max-w-xl px-6 py-20 text-center">
      <title>{`${title} · Stagedoor`}</title>
      <Ticket aria-hidden="true" className="mx-auto size-10 text-brand-700" />
      <h1 id="choose-event-title" className="mt-4 text-4xl font-extrabold tracking-tight text-brand-950">
        {title}
      </h1>
      {ticketEvent.events?.length === 0 ? (
        <>
          <p className="mt-4 text-slate-700">
            There are no events yet. Create an event first; then its ticket sale is set up here.
          </p>
          {can(user, 'admin.general') ? (
            <ButtonLink to="/admin/events/new" className="mt-6">
              Create an event
            </ButtonLink>
          ) : (
            <p className="mt-2 text-slate-700">Ask a board member to create one.</p>
          )}
        </>
      ) : (
        <>
          <p className="mt-4 text-slate-700">Choose the event whose tickets you want to work on.</p>
          <div className="mt-6 flex justify-center">
            <EventPicker ticketEvent={ticketEvent} tone="page" />
          </div>
        </>
      )}
    </section>
  )
}
