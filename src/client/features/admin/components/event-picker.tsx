import { useId } from 'react'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { formatDate } from '#client/lib/format.ts'
import type { TicketEvent } from '../hooks/use-ticket-event.ts'

/** Choose the event whose tickets the admin works on. */
export function EventPicker({
  ticketEvent,
  tone = 'sidebar',
}: {
  ticketEvent: TicketEvent
  tone?: 'sidebar' | 'page'
}) {
  const id = useId()
  const { slug, events, choose } = ticketEvent
  return (
    <div className={tone === 'page' ? 'w-full max-w-sm text-left' : ''}>
      <label
        htmlFor={id}
        className={
          tone === 'page'
            ? 'block text-sm font-semibold text-slate-900'
            : 'block px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase'
        }
      >
        Ticket event
      </label>
      <select
        id={id}
        value={slug ?? ''}
        onChange={(event) => {
          if (event.target.value) choose(event.target.value)
        }}
        disabled={events === undefined}
        className={`mt-1.5 ${fieldClass('sm')}`}
      >
        <option value="" disabled>
          {events === undefined ? 'Loading events…' : 'Choose an event…'}
        </option>
        {events?.map((event) => (
          <option key={event.slug} value={event.slug}>
            {`${event.title} (${formatDate(event.startDate)})`}
          </option>
        ))}
      </select>
    </div>
  )
}
