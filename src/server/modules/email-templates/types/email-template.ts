import { builder } from '#server/graphql/builder.ts'
import type { EmailTemplateWithDefaults } from '../templates.ts'
import { EmailTemplateKeyEnum } from './email-template-key.ts'

export const EmailTemplateRef = builder.objectRef<EmailTemplateWithDefaults>('EmailTemplate').implement({
  description: 'An application email, as staff last saved it or the default.',
  fields: (t) => ({
    key: t.expose('key', { type: EmailTemplateKeyEnum }),
    subject: t.exposeString('subject'),
    body: t.exposeString('body', { description: 'Markdown with {{placeholders}}.' }),
    customised: t.exposeBoolean('customised'),
    defaultSubject: t.exposeString('defaultSubject'),
    defaultBody: t.exposeString('defaultBody'),
  }),
})
