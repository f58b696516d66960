import { builder } from '#server/graphql/builder.ts'
import type { SocialList } from '../get-social-list.ts'
import { SocialGoerRef } from './social-goer.ts'
import { SocialListEventRef } from './social-list-event.ts'

export const SocialListRef = builder.objectRef<SocialList>('SocialList').implement({
  fields: (t) => ({
    signedIn: t.exposeBoolean('signedIn'),
    optIn: t.exposeBoolean('optIn', {
      nullable: true,
      description: "The viewer's choice; null when signed out.",
    }),
    events: t.field({ type: [SocialListEventRef], resolve: (s) => s.events }),
    going: t.field({
      type: [SocialGoerRef],
      description: 'Members going who opted in, with their event; empty when signed out.',
      resolve: (s) => s.going,
    }),
  }),
})
