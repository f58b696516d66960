import { builder } from '#server/graphql/builder.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'

export const CastingFilterInput = builder.inputType('CastingFilter', {
  description: 'Which applications the casting list shows. Empty lists and nulls mean "any".',
  fields: (t) => ({
    types: t.stringList({ required: false, description: 'Application types (keys).' }),
    parts: t.stringList({ required: false, description: 'Assigned parts; "" means no part yet.' }),
    statuses: t.field({ type: [ApplicationStatusEnum], required: false }),
    minScore: t.float({
      required: false,
      description: 'Lowest average score (1–5); unscored ones drop out.',
    }),
    maxScore: t.float({ required: false, description: 'Highest average score (1–5).' }),
    search: t.string({ required: false, description: 'Part of the name or preferred name.' }),
  }),
})
