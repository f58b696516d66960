import { useId } from 'react'
import toast from 'react-hot-toast'
import { statusLabel } from '#core/applications/status-wording.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import type { AcceptanceOverviewQuery as OverviewData } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { capacityPercent } from '../acceptance-logic.ts'
import { PromoteFromWaitlistMutation } from '../graphql/acceptance.query.ts'

type TypeSummary = OverviewData['acceptanceOverview']['types'][number]

const word = (status: Parameters<typeof statusLabel>[0]) => statusLabel(status, 'staff').toLowerCase()

/** One application type's places: held of capacity, the counts by status, and promoting from the waitlist. */
export function CapacityCard({
  type,
  eventSlug,
  onPromoted,
}: {
  type: TypeSummary
  eventSlug: string
  onPromoted: () => void
}) {
  const promote = useAppMutation(PromoteFromWaitlistMutation, { fallback: 'Could not promote.' })
  const percent = capacityPercent(type.placesHeld, type.capacity)
  const labelId = useId()
  async function onPromote() {
    const outcome = await promote.run({ eventSlug, type: type.key })
    if (!outcome.ok) return
    if (!outcome.data.promoteFromWaitlist) toast('Nobody is on the waiting list.')
    else {
      toast.success('The next on the waiting list has been offered a place.')
      onPromoted()
    }
  }
  return (
    <Panel as="li" padding="compact">
      <h3 id={labelId} className="font-bold text-brand-950">
        {type.label}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {type.capacity
          ? `${type.placesHeld} of ${type.capacity} places held, ${type.placesLeft} left`
          : `${type.placesHeld} places held (no capacity set)`}
      </p>
      {percent !== null ? (
        <div
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={type.capacity ?? 0}
          aria-valuenow={type.placesHeld}
          aria-valuetext={`${type.placesHeld} of ${type.capacity} places held`}
          className="mt-2 h-3 overflow-hidden rounded-full bg-brand-100"
        >
          <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <p className="mt-2 text-sm text-slate-700">
        {type.counts.submitted} {word('SUBMITTED')} · {type.counts.offered} {word('OFFERED')} ·{' '}
        {type.counts.confirmed + type.counts.paid} {word('CONFIRMED')} · {type.counts.waitlisted}{' '}
        {word('WAITLISTED')}
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        onClick={onPromote}
        pending={promote.fetching}
        disabled={type.counts.waitlisted === 0}
      >
        Promote from waitlist<span className="sr-only"> ({type.label})</span>
      </Button>
    </Panel>
  )
}
