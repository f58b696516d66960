import { builder } from '#server/graphql/builder.ts'
import type { MessageTemplateRow } from '../message-templates.ts'

export const MessageTemplateRef = builder.objectRef<MessageTemplateRow>('MailingListTemplate').implement({
  description: 'A message saved to reuse: its name, subject and Markdown.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    subject: t.exposeString('subject'),
    markdown: t.exposeString('markdown'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
})
