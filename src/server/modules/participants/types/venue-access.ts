import { builder } from '#server/graphql/builder.ts'
import type { VenueAccess } from '../get-venue-access.ts'

export const VenueAccessRef = builder.objectRef<VenueAccess>('VenueAccess').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    venue: t.exposeString('venue'),
    mapUrl: t.exposeString('mapUrl', {
      nullable: true,
      description: 'An OpenStreetMap search for the venue.',
    }),
    html: t.exposeString('html', {
      nullable: true,
      description: 'How to get in, door codes, accessibility, contacts on the day.',
    }),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    endDate: t.expose('endDate', { type: 'DateTime' }),
  }),
})
