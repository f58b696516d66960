import { builder } from '#server/graphql/builder.ts'
import type { ChasePreview, ChaseRecipient } from '../chase-outstanding.ts'

export const ChaseRecipientRef = builder.objectRef<ChaseRecipient>('ChaseRecipient').implement({
  fields: (t) => ({
    userId: t.exposeString('userId'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    outstandingPence: t.exposeInt('outstandingPence'),
    nextChaseAt: t.expose('nextChaseAt', { type: 'DateTime' }),
    canChaseNow: t.exposeBoolean('canChaseNow'),
  }),
})

export const ChasePreviewRef = builder.objectRef<ChasePreview>('ChasePreview').implement({
  description: 'The payment reminder as it will be sent, and who it goes to.',
  fields: (t) => ({
    subject: t.exposeString('subject'),
    text: t.exposeString('text'),
    recipients: t.field({ type: [ChaseRecipientRef], resolve: (p) => p.recipients }),
  }),
})
