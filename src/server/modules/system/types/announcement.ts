import { builder } from '#server/graphql/builder.ts'
import type { Announcement } from '#server/realtime/topics.ts'

export const AnnouncementRef = builder.objectRef<Announcement>('Announcement').implement({
  description: 'A site-wide notice shown live to everyone connected (e.g. a cancelled rehearsal).',
  fields: (t) => ({
    id: t.exposeID('id'),
    message: t.exposeString('message'),
    authorName: t.exposeString('authorName'),
    createdAt: t.field({ type: 'DateTime', resolve: (a) => new Date(a.createdAt) }),
  }),
})
