import { ClipboardList } from 'lucide-react'
import { useQuery } from 'urql'
import { EventChooserList, EventChooserPage } from '#client/components/admin/event-chooser.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'
import { OperationsEventsQuery } from '../graphql/operations.query.ts'

/** `/admin/operations`: choose an event; each shows its confirmed and paid places. */
export function OperationsEventsPage() {
  const query = useQuery({ query: OperationsEventsQuery, requestPolicy: 'cache-and-network' })
  return (
    <EventChooserPage
      title="Operations"
      icon={ClipboardList}
      intro="Choose the event whose participants, money, emergency contacts and registers you want."
    >
      <QueryView query={query} loadingLabel="Loading the events…" what="the events" level={2}>
        {({ acceptanceEvents }) => (
          <EventChooserList
            events={acceptanceEvents}
            label="Events"
            empty="No event takes applications yet."
            href={(event) => `/admin/operations/${encodeURIComponent(event.slug)}`}
            counts={(event) => (
              <span className="flex flex-wrap gap-2">
                <StatusBadge status="CONFIRMED" audience="staff" count={event.counts.confirmed} />
                <StatusBadge status="PAID" audience="staff" count={event.counts.paid} />
              </span>
            )}
          />
        )}
      </QueryView>
    </EventChooserPage>
  )
}
