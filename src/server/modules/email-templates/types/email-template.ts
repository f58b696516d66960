import { builder } from '#server/graphql/builder.ts'
import type { EmailTemplateWithDefaults } from '../templates.ts'

export const EmailTemplateRef = builder.objectRef<EmailTemplateWithDefaults>('EmailTemplate').implement({
  description: 'An application email, as staff last saved it or the default.',
  fields: (t) => ({
    key: t.exposeString('key'),
    subject: t.exposeString('subject'),
    body: t.exposeString('body', { description: 'Markdown with {{placeholders}}.' }),
    customised: t.exposeBoolean('customised'),
    defaultSubject: t.exposeString('defaultSubject'),
    defaultBody: t.exposeString('defaultBody'),
  }),
})
