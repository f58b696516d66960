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

/**
 * Where "Apply" goes: the event's application page, or straight to the form when only one type is
 * open; null when nothing is open (the server decides, with the rule in core/events/signup.ts).
 */
export function applyPath(event: {
  slug: string
  openApplicationTypes?: readonly { key: string }[]
  openApplicationTypeKeys?: readonly string[]
}): string | null {
  const open = event.openApplicationTypeKeys ?? event.openApplicationTypes?.map((t) => t.key) ?? []
  if (open.length === 0) return null
  const base = `/applications/${encodeURIComponent(event.slug)}`
  return open.length === 1 ? `${base}/${encodeURIComponent(open[0]!)}` : base
}

/** Whether the event has an audition information page worth linking to. */
export function hasAuditions(event: {
  auditionInfoHtml?: string | null
  applicationTypes: readonly { auditionRequired: boolean }[]
}): boolean {
  return Boolean(event.auditionInfoHtml) || event.applicationTypes.some((t) => t.auditionRequired)
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
