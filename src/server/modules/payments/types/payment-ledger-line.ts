import type { OwedLine } from '#core/applications/payments.ts'
import { builder } from '#server/graphql/builder.ts'

export const PaymentLedgerLineRef = builder.objectRef<OwedLine>('PaymentLedgerLine').implement({
  description: 'One payment line of an application with what has been paid against it.',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    amountPence: t.exposeInt('amountPence'),
    paidPence: t.exposeInt('paidPence'),
    outstandingPence: t.exposeInt('outstandingPence'),
    paid: t.exposeBoolean('paid'),
  }),
})
