import { builder } from '#server/graphql/builder.ts'
import type { AcceptanceEvent } from '../acceptance.queries.ts'
import { ApplicationStatusCountsRef } from './application-status-counts.ts'

export const AcceptanceEventRef = builder.objectRef<AcceptanceEvent>('AcceptanceEvent').implement({
  fields: (t) => ({
    id: t.id({ resolve: (e) => e.event.id }),
    slug: t.string({ resolve: (e) => e.event.slug }),
    title: t.string({ resolve: (e) => e.event.title }),
    startDate: t.field({ type: 'DateTime', resolve: (e) => e.event.startDate }),
    counts: t.field({ type: ApplicationStatusCountsRef, resolve: (e) => e.counts }),
  }),
})
