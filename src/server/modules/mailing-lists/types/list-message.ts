import { builder } from '#server/graphql/builder.ts'
import { MailingMessageStatusEnum } from './mailing-message-status.ts'
import type { ListMessageRow } from '../mailing-lists.queries.ts'

export const ListMessageRef = builder.objectRef<ListMessageRow>('MailingListMessage').implement({
  description: 'A message sent to a list; `queued` of `total` have gone to the outbox so far.',
  fields: (t) => ({
    id: t.exposeID('id'),
    subject: t.exposeString('subject'),
    status: t.expose('status', { type: MailingMessageStatusEnum }),
    total: t.exposeInt('total'),
    queued: t.exposeInt('queued'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
})
