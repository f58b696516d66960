import { builder } from '#server/graphql/builder.ts'
import { PaymentMethodEnum } from './payment-method.ts'
import type { PaymentRow } from '../payment-provider.ts'

export const RecordedPaymentRef = builder.objectRef<PaymentRow>('RecordedPayment').implement({
  description: 'A payment (or, negative, a refund) recorded against one payment line.',
  fields: (t) => ({
    id: t.exposeID('id'),
    lineKey: t.exposeString('lineKey'),
    amountPence: t.exposeInt('amountPence'),
    method: t.expose('method', { type: PaymentMethodEnum }),
    reference: t.exposeString('reference'),
    provider: t.exposeString('provider'),
    recordedAt: t.expose('recordedAt', { type: 'DateTime' }),
  }),
})
