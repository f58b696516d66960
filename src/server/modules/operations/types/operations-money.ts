import type { MoneyTotals } from '#core/operations/participants.ts'
import { builder } from '#server/graphql/builder.ts'
import type { LineTotals } from '../operations.queries.ts'

export const OperationsTypeTotalsRef = builder.objectRef<MoneyTotals>('OperationsTypeTotals').implement({
  description: 'Owed, paid and outstanding over one application type’s confirmed places.',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    owedPence: t.exposeInt('owedPence'),
    paidPence: t.exposeInt('paidPence'),
    outstandingPence: t.exposeInt('outstandingPence'),
  }),
})

export const OperationsLineTotalsRef = builder.objectRef<LineTotals>('OperationsLineTotals').implement({
  description: 'Owed, paid and outstanding on one payment line, and who is past its due date.',
  fields: (t) => ({
    applicationType: t.exposeString('applicationType'),
    typeLabel: t.exposeString('typeLabel'),
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    dueDate: t.exposeString('dueDate', { nullable: true }),
    owedPence: t.exposeInt('owedPence'),
    paidPence: t.exposeInt('paidPence'),
    outstandingPence: t.exposeInt('outstandingPence'),
    overdueCount: t.exposeInt('overdueCount'),
  }),
})
