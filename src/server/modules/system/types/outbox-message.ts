import { builder } from '#server/graphql/builder.ts'
import type { OutboxRow } from '#server/mail/outbox.service.ts'
import { OutboxStatusEnum } from './outbox-status.ts'

export const OutboxMessageRef = builder.objectRef<OutboxRow>('OutboxMessage').implement({
  description: 'An email as written to the outbox: queued, sent or failed for good.',
  fields: (t) => ({
    id: t.exposeID('id'),
    to: t.exposeString('to'),
    subject: t.exposeString('subject'),
    text: t.exposeString('text'),
    template: t.exposeString('template', { nullable: true }),
    status: t.field({ type: OutboxStatusEnum, resolve: (row) => row.status }),
    attempts: t.exposeInt('attempts'),
    lastError: t.exposeString('lastError', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
  }),
})
