import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { panelClass } from '#client/components/ui/panel.tsx'
import { formatDate } from '#client/lib/format.ts'

/** An admin page whose first step is choosing an event (Casting, Acceptance): icon, h1 and intro. */
export function EventChooserPage({
  title,
  icon: Icon,
  intro,
  children,
}: {
  title: string
  icon: LucideIcon
  intro: ReactNode
  children: ReactNode
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12">
      <title>{`${title} · Stagedoor`}</title>
      <div className="flex items-center gap-3">
        <Icon aria-hidden="true" className="size-8 text-brand-700" />
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">{title}</h1>
      </div>
      <p className="mt-2 text-slate-700">{intro}</p>
      {children}
    </div>
  )
}

interface ChooserEvent {
  id: string
  slug: string
  title: string
  startDate: string
}

/** The events to choose from, each a link with its date and, on the right, its counts. */
export function EventChooserList<Event extends ChooserEvent>({
  events,
  label,
  empty,
  href,
  counts,
}: {
  events: readonly Event[]
  /** The list's accessible name. */
  label: string
  /** Shown instead of the list when there are no events. */
  empty: ReactNode
  href: (event: Event) => string
  counts: (event: Event) => ReactNode
}) {
  if (events.length === 0) {
    return <p className={`mt-8 ${panelClass()} text-slate-700`}>{empty}</p>
  }
  return (
    <ul aria-label={label} className="mt-8 space-y-3">
      {events.map((event) => (
        <li key={event.id}>
          <Link
            to={href(event)}
            className={`flex flex-wrap items-center justify-between gap-2 ${panelClass('compact')} hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700`}
          >
            <span className="min-w-0">
              <span className="block font-bold text-brand-950">{event.title}</span>
              <span className="block text-sm text-slate-700">{formatDate(event.startDate)}</span>
            </span>
            {counts(event)}
          </Link>
        </li>
      ))}
    </ul>
  )
}
