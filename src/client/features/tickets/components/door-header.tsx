import { Button } from '#client/components/ui/button.tsx'
import type { DoorSummaryQuery } from '#client/gql/graphql.ts'
import { formatPence } from '#core/money.ts'
import { ticketStatusLabel } from '#core/tickets/status-wording.ts'
import type { DoorCountFigures } from '../hooks/use-door-summary.ts'

type Summary = NonNullable<DoorSummaryQuery['doorSummary']>

/**
 * "In: 84 of 200" (live while the socket is up, else refreshed every 15 seconds) and how the scans
 * made here stand: all synced, or how many wait.
 */
export function DoorCount({
  count,
  live,
  waiting,
}: {
  count: DoorCountFigures | null
  live: boolean
  waiting: number
}) {
  return (
    <div className="mt-2 flex flex-wrap items-baseline gap-x-4 gap-y-1">
      <p className="text-lg font-semibold text-slate-900" aria-live="polite" data-door-count>
        {count ? `In: ${count.checkedIn} of ${count.total}` : 'In: counting…'}
      </p>
      <p className="text-sm text-slate-600" data-door-count-live={live ? 'live' : 'polling'}>
        {live ? 'Live' : 'Refreshes every 15 s'}
      </p>
      <p className={`text-sm font-semibold ${waiting ? 'text-amber-800' : 'text-green-800'}`} role="status">
        {waiting === 0 ? 'All scans synced' : `${waiting} scan${waiting === 1 ? '' : 's'} waiting to sync`}
      </p>
    </div>
  )
}

/** Find someone without their phone by name, and check them in from the list. */
export function DoorNameSearch({
  name,
  setName,
  summary,
  pending,
  onCheckIn,
}: {
  name: string
  setName: (name: string) => void
  summary: Summary | null
  pending: boolean
  onCheckIn: (ticketId: string) => void
}) {
  const matches = name.trim().length >= 2 ? (summary?.matches ?? []) : []
  return (
    <section aria-labelledby="door-search-title" className="mt-6">
      <h2 id="door-search-title" className="font-semibold text-slate-900">
        No phone? Find them by name
      </h2>
      <label htmlFor="door-search" className="mt-2 block text-sm text-slate-700">
        Attendee’s or buyer’s name
      </label>
      <input
        id="door-search"
        type="search"
        autoComplete="off"
        value={name}
        onChange={(e) => setName(e.target.value)}
        className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
      />
      {name.trim().length >= 2 ? (
        <ul className="mt-2 divide-y divide-slate-200" aria-label="Tickets found">
          {matches.length === 0 ? (
            <li className="py-2 text-sm text-slate-600">No ticket under that name.</li>
          ) : null}
          {matches.map((m) => (
            <li key={m.ticketId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-semibold">{m.attendeeName}</span> · {m.typeName}
                {m.buyerName !== m.attendeeName ? ` · bought by ${m.buyerName}` : ''}
                {m.status === 'VALID' && m.collectPence > 0
                  ? ` · to collect ${formatPence(m.collectPence)}`
                  : ''}
              </span>
              {m.status === 'VALID' ? (
                <Button
                  variant="secondary"
                  pending={pending}
                  aria-label={`Check in ${m.attendeeName}`}
                  onClick={() => onCheckIn(m.ticketId)}
                >
                  Check in
                </Button>
              ) : (
                <span className="text-sm text-slate-600">{ticketStatusLabel(m.status)}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
