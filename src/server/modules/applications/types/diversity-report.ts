import { builder } from '#server/graphql/builder.ts'
import { EventRef } from '#server/modules/events/types/event.ts'
import type { DiversityReport } from '../diversity.queries.ts'
import { DiversityReportQuestionRef } from './diversity-report-question.ts'

export const DiversityReportRef = builder.objectRef<DiversityReport>('DiversityReport').implement({
  description: 'An event’s diversity survey in aggregate: never names, never per application.',
  fields: (t) => ({
    event: t.field({ type: EventRef, resolve: (r) => r.event }),
    withheld: t.exposeBoolean('withheld', {
      description: 'True when fewer than 5 responded: then no counts are given at all (disclosure control).',
    }),
    total: t.exposeString('total', { description: 'How many answered: a number, or "<5".' }),
    questions: t.field({ type: [DiversityReportQuestionRef], resolve: (r) => r.questions }),
  }),
})
