import { MailCheck } from 'lucide-react'
import { useQuery } from 'urql'
import { EventChooserList, EventChooserPage } from '#client/components/admin/event-chooser.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'
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
              <span className="flex flex-wrap gap-2">
                <StatusBadge status="SUBMITTED" audience="staff" count={event.counts.submitted} />
                <StatusBadge status="OFFERED" audience="staff" count={event.counts.offered} />
                <StatusBadge
                  status="CONFIRMED"
                  audience="staff"
                  count={event.counts.confirmed + event.counts.paid}
                />
              </span>
            )}
          />
        )}
      </QueryView>
    </EventChooserPage>
  )
}
