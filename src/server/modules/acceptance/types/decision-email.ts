import { builder } from '#server/graphql/builder.ts'
import { EmailTemplateKeyEnum } from '#server/modules/email-templates/types/email-template-key.ts'
import type { DecisionPlanItem } from '../decision-plan.ts'

export const DecisionEmailRef = builder
  .objectRef<NonNullable<DecisionPlanItem['email']>>('DecisionEmail')
  .implement({
    fields: (t) => ({
      template: t.expose('template', { type: EmailTemplateKeyEnum }),
      subject: t.exposeString('subject'),
      text: t.exposeString('text'),
    }),
  })
