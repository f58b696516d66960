import type { DiversityReport } from '#core/applications/diversity.ts'
import { builder } from '#server/graphql/builder.ts'
import { pageSize } from '#server/graphql/limits.ts'
import { DiversityCountRef } from './diversity-count.ts'

type ReportQuestion = DiversityReport['questions'][number]

export const DiversityReportQuestionRef = builder
  .objectRef<ReportQuestion>('DiversityReportQuestion')
  .implement({
    fields: (t) => ({
      key: t.string({ resolve: (q) => q.id }),
      label: t.exposeString('label'),
      counts: t.field({
        type: [DiversityCountRef],
        description:
          'Per answer (a question has at most 10); pass a literal limit so the query is costed by it.',
        args: { limit: t.arg.int({ required: false, defaultValue: 10 }) },
        resolve: (q, args) => q.counts.slice(0, pageSize(args.limit, { max: 10 })),
      }),
    }),
  })
