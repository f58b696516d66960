import { builder } from '#server/graphql/builder.ts'
import type { SocialList } from '../get-social-list.ts'

export const SocialListEventRef = builder
  .objectRef<SocialList['events'][number]>('SocialListEvent')
  .implement({
    fields: (t) => ({
      slug: t.exposeString('slug'),
      title: t.exposeString('title'),
      venue: t.exposeString('venue'),
      startDate: t.expose('startDate', { type: 'DateTime' }),
      endDate: t.expose('endDate', { type: 'DateTime' }),
    }),
  })
