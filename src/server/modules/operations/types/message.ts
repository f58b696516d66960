import { builder } from '#server/graphql/builder.ts'
import type { MessagePreview, MessageRecipient } from '../message-participants.ts'

export const MessageRecipientRef = builder.objectRef<MessageRecipient>('MessageRecipient').implement({
  fields: (t) => ({
    userId: t.exposeString('userId'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
  }),
})

export const MessagePreviewRef = builder.objectRef<MessagePreview>('MessagePreview').implement({
  description: 'A message to a filtered set of participants as the first of them will get it.',
  fields: (t) => ({
    subject: t.exposeString('subject'),
    text: t.exposeString('text'),
    html: t.exposeString('html'),
    recipients: t.field({ type: [MessageRecipientRef], resolve: (p) => p.recipients }),
  }),
})
