import { builder } from '#server/graphql/builder.ts'
import type { SocialList } from '../get-social-list.ts'

export const SocialGoerRef = builder.objectRef<SocialList['going'][number]>('SocialGoer').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    name: t.exposeString('name'),
    pronouns: t.exposeString('pronouns', { nullable: true }),
  }),
})
