import { CalendarDays, Clock, MapPin } from 'lucide-react'
import { formatDateRange, formatDateTime } from '#client/lib/format.ts'

export interface EventTimes {
  startDate: string
  endDate: string
  signupDeadline?: string | null
  venue: string
}

/** Is the signup deadline still ahead? (No deadline: no applications.) */
export function signupOpen(event: { signupDeadline?: string | null }, now: Date): boolean {
  return event.signupDeadline ? new Date(event.signupDeadline).getTime() > now.getTime() : false
}

/** Dates (in the society's time zone), venue and the signup deadline when it is still ahead. */
export function EventMeta({ event, timeZone, now }: { event: EventTimes; timeZone?: string; now: Date }) {
  return (
    <ul className="mt-3 flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-5">
      <li className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
        {formatDateRange(event.startDate, event.endDate, timeZone)}
      </li>
      {event.venue ? (
        <li className="inline-flex items-center gap-1.5">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          {event.venue}
        </li>
      ) : null}
      {event.signupDeadline && signupOpen(event, now) ? (
        <li className="inline-flex items-center gap-1.5 font-medium text-slate-900">
          <Clock aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          Apply by {formatDateTime(event.signupDeadline, timeZone)}
        </li>
      ) : null}
    </ul>
  )
}
