import { wordEnum } from '#server/graphql/word-enum.ts'
import { EMAIL_TEMPLATE_KEYS } from '../templates.ts'

export const EmailTemplateKeyEnum = wordEnum('EmailTemplateKey', EMAIL_TEMPLATE_KEYS, {
  description: 'An application email: `application.offered` is APPLICATION_OFFERED.',
})
