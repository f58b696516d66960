import { builder } from '#server/graphql/builder.ts'
import { MailingMessageStatusEnum } from './mailing-message-status.ts'
import type { ListMessageRow } from '../mailing-lists.queries.ts'

export const ListMessageRef = builder.objectRef<ListMessageRow>('MailingListMessage').implement({
  description:
    'A message to one or more lists; `queued` of `total` (each address once) have gone to the outbox so far.',
  fields: (t) => ({
    id: t.exposeID('id'),
    subject: t.exposeString('subject'),
    status: t.expose('status', { type: MailingMessageStatusEnum }),
    total: t.exposeInt('total'),
    queued: t.exposeInt('queued'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    sendAt: t.expose('sendAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When a scheduled message goes.',
    }),
    listCount: t.int({
      description: 'How many lists it goes to (each address once).',
      resolve: (m) => Math.max(1, m.listIds.length),
    }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
})
