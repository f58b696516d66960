import { builder } from '#server/graphql/builder.ts'
import type { ContentPage } from '../page-content.ts'

export const EventContentPageRef = builder.objectRef<ContentPage>('EventContentPage').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    html: t.exposeString('html', { nullable: true, description: 'Rendered and sanitised; null when empty.' }),
  }),
})
