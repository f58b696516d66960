import { builder } from '#server/graphql/builder.ts'
import { SubscriberSourceEnum } from './subscriber-source.ts'
import type { SubscriberPage, SubscriberRow } from '../mailing-lists.queries.ts'
import { SubscriberStatusEnum } from './subscriber-status.ts'

export const SubscriberRef = builder.objectRef<SubscriberRow>('MailingListSubscriber').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    status: t.field({ type: SubscriberStatusEnum, resolve: (s) => s.status }),
    source: t.expose('source', { type: SubscriberSourceEnum }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true }),
    unsubscribedAt: t.expose('unsubscribedAt', { type: 'DateTime', nullable: true }),
  }),
})

export const SubscriberPageRef = builder.objectRef<SubscriberPage>('MailingListSubscriberPage').implement({
  description: 'One page of a search over a list’s subscribers; `total` counts every match.',
  fields: (t) => ({
    total: t.exposeInt('total'),
    offset: t.exposeInt('offset'),
    items: t.field({ type: [SubscriberRef], resolve: (p) => p.items }),
  }),
})
