import { builder } from '#server/graphql/builder.ts'
import { QuestionKindEnum } from '#server/modules/applications/types/question-kind.ts'
import type { CastingAnswer } from '../casting-answers.ts'

export const CastingAnswerRef = builder.objectRef<CastingAnswer>('CastingAnswer').implement({
  description: "One answer of an application, with its question's label and kind.",
  fields: (t) => ({
    questionId: t.exposeString('questionId'),
    label: t.exposeString('label'),
    kind: t.expose('kind', {
      type: QuestionKindEnum,
      nullable: true,
      description: 'The question kind; null for an answer to a question since removed from the form.',
    }),
    value: t.field({ type: 'JSON', nullable: true, resolve: (a) => a.value }),
    text: t.exposeString('text', { description: 'The answer as one line of text.' }),
    fileName: t.exposeString('fileName', { nullable: true }),
    fileUrl: t.exposeString('fileUrl', {
      nullable: true,
      description: 'A short-lived signed link to an uploaded file answer.',
    }),
  }),
})
