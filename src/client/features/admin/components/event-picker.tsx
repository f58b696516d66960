import { useId } from 'react'
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
        className="mt-1.5 block w-full rounded-lg border border-slate-400 bg-white px-2.5 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 disabled:opacity-60"
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
