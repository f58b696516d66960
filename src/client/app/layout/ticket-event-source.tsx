import type { ReactNode } from 'react'
import { EventPicker } from '#client/features/admin/components/event-picker.tsx'
import { useTicketEvent } from '#client/features/admin/hooks/use-ticket-event.ts'

/**
 * The admin's ticket event for the sidebar: the slug the ticket links use and the picker to change
 * it. Its own module so that members never download it (loaded lazily in admin mode, decision 0018).
 */
export function TicketEventSource({
  children,
}: {
  children: (ticketSlug: string | undefined, picker: ReactNode) => ReactNode
}) {
  const ticketEvent = useTicketEvent()
  return <>{children(ticketEvent.slug, <EventPicker ticketEvent={ticketEvent} />)}</>
}
