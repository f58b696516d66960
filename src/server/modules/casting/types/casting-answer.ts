import { builder } from '#server/graphql/builder.ts'
import type { CastingAnswer } from '../casting-answers.ts'

export const CastingAnswerRef = builder.objectRef<CastingAnswer>('CastingAnswer').implement({
  description: "One answer of an application, with its question's label and kind.",
  fields: (t) => ({
    questionId: t.exposeString('questionId'),
    label: t.exposeString('label'),
    kind: t.exposeString('kind', { description: 'The question kind, or "unknown" for a removed question.' }),
    value: t.field({ type: 'JSON', nullable: true, resolve: (a) => a.value }),
    text: t.exposeString('text', { description: 'The answer as one line of text.' }),
    fileName: t.exposeString('fileName', { nullable: true }),
    fileUrl: t.exposeString('fileUrl', {
      nullable: true,
      description: 'A short-lived signed link to an uploaded file answer.',
    }),
  }),
})
