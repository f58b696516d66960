import { renderMarkdown } from '#server/content/markdown.ts'
import type { AudienceType } from '#core/events/event.schemas.ts'
import { builder } from '#server/graphql/builder.ts'

export const AudienceTypeRef = builder.objectRef<AudienceType>('AudienceType').implement({
  description: 'Who an event is for (singers, orchestra, audience, social guests), with its own page.',
  fields: (t) => ({
    key: t.exposeString('key'),
    title: t.exposeString('title'),
    contentHtml: t.string({ resolve: (a) => renderMarkdown(a.content) }),
  }),
})
