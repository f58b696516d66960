import { builder } from '#server/graphql/builder.ts'
import type { ShowRevealed } from '#server/realtime/topics.ts'

export const ShowRevealedRef = builder.objectRef<ShowRevealed>('ShowRevealed').implement({
  fields: (t) => ({
    eventId: t.exposeID('eventId'),
    slug: t.exposeString('slug'),
    showName: t.exposeString('showName'),
    revealedAt: t.field({ type: 'DateTime', resolve: (r) => new Date(r.revealedAt) }),
  }),
})
