import { builder } from '#server/graphql/builder.ts'
import type { MailingListView } from '../mailing-lists.queries.ts'

const SubscriberCountsRef = builder.objectRef<MailingListView['counts']>('SubscriberCounts').implement({
  fields: (t) => ({
    unconfirmed: t.exposeInt('unconfirmed'),
    subscribed: t.exposeInt('subscribed'),
    unsubscribed: t.exposeInt('unsubscribed'),
    bounced: t.exposeInt('bounced'),
  }),
})

export const MailingListRef = builder.objectRef<MailingListView>('MailingList').implement({
  description: 'A mailing list with its subscriber counts. Mailing-list admins only.',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    isPublic: t.exposeBoolean('isPublic'),
    doubleOptIn: t.exposeBoolean('doubleOptIn'),
    welcomeMessage: t.exposeString('welcomeMessage'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    counts: t.field({ type: SubscriberCountsRef, resolve: (l) => l.counts }),
  }),
})
