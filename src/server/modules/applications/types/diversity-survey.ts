import { builder } from '#server/graphql/builder.ts'
import { EventRef } from '#server/modules/events/types/event.ts'
import type { DiversitySurvey } from '../diversity.queries.ts'
import { ApplicationRef } from './application.ts'
import { DiversityQuestionRef } from './diversity-question.ts'

export const DiversitySurveyRef = builder.objectRef<DiversitySurvey>('DiversitySurvey').implement({
  description: 'The optional diversity survey, and which of the member’s applications have answered it.',
  fields: (t) => ({
    event: t.field({ type: EventRef, resolve: (s) => s.event }),
    questions: t.field({ type: [DiversityQuestionRef], resolve: (s) => [...s.questions] }),
    applications: t.field({ type: [ApplicationRef], resolve: (s) => s.applications }),
  }),
})
