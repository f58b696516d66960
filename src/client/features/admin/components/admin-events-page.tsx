import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useQuery } from 'urql'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { AdminEventListQuery } from '../graphql/event-config.query.ts'
import { EventRow } from './admin-event-row.tsx'

/**
 * `/admin/events`: every event, with create, edit, publish (public or members only), duplicate,
 * archive and un-archive, and releases.
 */
export function AdminEventsPage() {
  const [includeArchived, setIncludeArchived] = useState(false)
  const query = useQuery({
    query: AdminEventListQuery,
    variables: { includeArchived },
    requestPolicy: 'cache-and-network',
  })
  const refresh = () => query[1]({ requestPolicy: 'network-only' })
  const timeZone = useSocietyTimeZone()
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Event Config · Stagedoor</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Event Config</h1>
        <ButtonLink to="/admin/events/new">
          <Plus aria-hidden="true" className="size-4" />
          Create event
        </ButtonLink>
      </div>
      <label className="mt-4 inline-flex items-center gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={includeArchived}
          onChange={(e) => setIncludeArchived(e.target.checked)}
        />
        Show archived events
      </label>
      <QueryView query={query} loadingLabel="Loading events…" what="the events" level={2}>
        {({ adminEvents }) =>
          adminEvents.length === 0 ? (
            <EmptyState
              className="mt-6"
              title={includeArchived ? 'No events at all yet.' : 'No events yet.'}
              action={{ label: 'Create the first event', to: '/admin/events/new' }}
            >
              An event is a show, concert, choir season or social: create one, then configure who can apply,
              what they pay and what they see.
            </EmptyState>
          ) : (
            <ul className="mt-6 grid gap-4" aria-label="Events">
              {adminEvents.map((event) => (
                <EventRow key={event.id} event={event} refresh={refresh} timeZone={timeZone} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  )
}
