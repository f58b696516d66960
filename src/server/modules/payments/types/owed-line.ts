import type { OwedLine } from '#core/applications/payments.ts'
import { builder } from '#server/graphql/builder.ts'

export const OwedLineRef = builder.objectRef<OwedLine>('OwedLine').implement({
  description: 'One payment line of the application type, with what has been paid against it.',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    amountPence: t.exposeInt('amountPence'),
    dueDate: t.string({ nullable: true, resolve: (l) => l.dueDate ?? null }),
    paidPence: t.exposeInt('paidPence'),
    outstandingPence: t.exposeInt('outstandingPence'),
    paid: t.exposeBoolean('paid'),
  }),
})
