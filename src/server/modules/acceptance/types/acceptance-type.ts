import { builder } from '#server/graphql/builder.ts'
import type { TypeSummary } from '../acceptance.queries.ts'
import { ApplicationStatusCountsRef } from './application-status-counts.ts'

export const AcceptanceTypeRef = builder.objectRef<TypeSummary>('AcceptanceType').implement({
  description: 'One application type of an event: capacity and where its applications stand.',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    capacity: t.exposeInt('capacity', { nullable: true }),
    counts: t.field({ type: ApplicationStatusCountsRef, resolve: (s) => s.counts }),
    placesHeld: t.exposeInt('placesHeld', { description: 'Offered, confirmed and paid.' }),
    placesLeft: t.exposeInt('placesLeft', { nullable: true, description: 'Null when there is no capacity.' }),
    offerExpiryDays: t.exposeInt('offerExpiryDays'),
    autoOfferFromWaitlist: t.exposeBoolean('autoOfferFromWaitlist'),
  }),
})
