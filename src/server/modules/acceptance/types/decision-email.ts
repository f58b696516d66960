import { builder } from '#server/graphql/builder.ts'
import type { DecisionPlanItem } from '../decision-plan.ts'

export const DecisionEmailRef = builder
  .objectRef<NonNullable<DecisionPlanItem['email']>>('DecisionEmail')
  .implement({
    fields: (t) => ({
      template: t.exposeString('template'),
      subject: t.exposeString('subject'),
      text: t.exposeString('text'),
    }),
  })
