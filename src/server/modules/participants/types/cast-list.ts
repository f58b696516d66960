import { builder } from '#server/graphql/builder.ts'
import type { CastList } from '../get-cast-list.ts'
import { CastMemberRef } from './cast-member.ts'

// NOTE: flat lists (members with their part, cells with their number): the cost limit prices a list
// inside a list at 100 × 100.
export const CastListRef = builder.objectRef<CastList>('CastList').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    parts: t.exposeStringList('parts', {
      description: 'Parts with members, in order; unassigned come last.',
    }),
    members: t.field({ type: [CastMemberRef], resolve: (c) => c.members }),
  }),
})
