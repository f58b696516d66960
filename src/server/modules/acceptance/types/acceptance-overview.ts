import { builder } from '#server/graphql/builder.ts'
import type { AcceptanceOverview } from '../acceptance.queries.ts'
import { AcceptanceEntryRef } from './acceptance-entry.ts'
import { AcceptanceTypeRef } from './acceptance-type.ts'

export const AcceptanceOverviewRef = builder.objectRef<AcceptanceOverview>('AcceptanceOverview').implement({
  fields: (t) => ({
    eventId: t.id({ resolve: (o) => o.event.id }),
    eventSlug: t.string({ resolve: (o) => o.event.slug }),
    eventTitle: t.string({ resolve: (o) => o.event.title }),
    types: t.field({ type: [AcceptanceTypeRef], resolve: (o) => o.types }),
    applications: t.field({ type: [AcceptanceEntryRef], resolve: (o) => o.applications }),
  }),
})
