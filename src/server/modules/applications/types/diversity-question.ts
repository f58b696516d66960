import type { DiversityQuestion } from '#core/applications/diversity.ts'
import { builder } from '#server/graphql/builder.ts'

export const DiversityQuestionRef = builder.objectRef<DiversityQuestion>('DiversityQuestion').implement({
  fields: (t) => ({
    key: t.string({ resolve: (q) => q.id }),
    label: t.exposeString('label'),
    options: t.stringList({ resolve: (q) => [...q.options] }),
  }),
})
