import { MailCheck } from 'lucide-react'
import { useQuery } from 'urql'
import { EventChooserList, EventChooserPage } from '#client/components/admin/event-chooser.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { AcceptanceEventsQuery } from '../graphql/acceptance.query.ts'

/** `/admin/acceptance`: choose an event; each shows how many applications are submitted, offered and confirmed. */
export function AcceptanceEventsPage() {
  const query = useQuery({ query: AcceptanceEventsQuery, requestPolicy: 'cache-and-network' })
  return (
    <EventChooserPage
      title="Acceptance"
      icon={MailCheck}
      intro="Choose the event whose offers, waitlist and payments you want to manage."
    >
      <QueryView query={query} loadingLabel="Loading the events…" what="the events" level={2}>
        {({ acceptanceEvents }) => (
          <EventChooserList
            events={acceptanceEvents}
            label="Events"
            empty="No event takes applications yet. Add an application type to an event in Event Config first."
            href={(event) => `/admin/acceptance/${encodeURIComponent(event.slug)}`}
            counts={(event) => (
              <span className="flex flex-wrap gap-2 text-sm">
                <span className="rounded-full bg-slate-100 px-3 py-1 font-semibold text-slate-800">
                  {event.counts.submitted} submitted
                </span>
                <span className="rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-950">
                  {event.counts.offered} offered
                </span>
                <span className="rounded-full bg-emerald-100 px-3 py-1 font-semibold text-emerald-950">
                  {event.counts.confirmed + event.counts.paid} confirmed
                </span>
              </span>
            )}
          />
        )}
      </QueryView>
    </EventChooserPage>
  )
}
