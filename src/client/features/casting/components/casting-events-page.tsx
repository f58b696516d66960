import { Drama } from 'lucide-react'
import { useQuery } from 'urql'
import { EventChooserList, EventChooserPage } from '#client/components/admin/event-chooser.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { CastingEventsQuery } from '../graphql/casting.query.ts'

/** `/admin/casting`: choose the event to cast; events with applications first, with their counts. */
export function CastingEventsPage() {
  const query = useQuery({ query: CastingEventsQuery, requestPolicy: 'cache-and-network' })
  return (
    <EventChooserPage
      title="Casting"
      icon={Drama}
      intro="Choose the event whose applications you want to review."
    >
      <QueryView query={query} loadingLabel="Loading the events…" what="the events" level={2}>
        {({ castingEvents }) => (
          <EventChooserList
            events={castingEvents}
            label="Events to cast"
            empty="There are no events yet. Create one in Event Config first."
            href={(event) => `/admin/casting/${encodeURIComponent(event.slug)}`}
            counts={(event) => (
              <span
                className={`rounded-full px-3 py-1 text-sm font-semibold ${event.applicationCount ? 'bg-brand-100 text-brand-900' : 'bg-slate-100 text-slate-700'}`}
              >
                {event.applicationCount === 1 ? '1 application' : `${event.applicationCount} applications`}
              </span>
            )}
          />
        )}
      </QueryView>
    </EventChooserPage>
  )
}
