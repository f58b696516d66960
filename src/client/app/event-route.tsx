import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { useQuery } from 'urql'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { EventQuery } from '#client/features/events/graphql/event.query.ts'
import { NotFoundView } from '#client/features/platform/components/not-found-page.tsx'
import type { EventQuery as EventData } from '#client/gql/graphql.ts'

export type RouteEvent = EventData['event']

/**
 * A page under an event slug (`/events/:slug`, `/:eventSlug/cast-list`, `/admin/casting/:eventSlug`…):
 * it loads the event first, and an unknown slug (or a draft this viewer may not see: the server says
 * NOT_FOUND for both) gets the not-found view inside the layout.
 */
export function EventRoute({
  param = 'eventSlug',
  children,
}: {
  param?: string
  children: (event: RouteEvent) => ReactNode
}) {
  const slug = useParams()[param] ?? ''
  const query = useQuery({ query: EventQuery, variables: { slug }, requestPolicy: 'cache-and-network' })
  return (
    <QueryView query={query} loadingLabel="Loading the event…" what="this event" notFound={<NotFoundView />}>
      {({ event }) => children(event)}
    </QueryView>
  )
}
