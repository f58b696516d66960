import { builder } from '#server/graphql/builder.ts'
import { PaymentMethodEnum } from '#server/modules/payments/types/payment-method.ts'
import type { OrderPaymentView } from '../tickets.queries.ts'

export const TicketOrderPaymentRef = builder.objectRef<OrderPaymentView>('TicketOrderPayment').implement({
  description: 'One line of a ticket order’s ledger: a payment, or a refund (negative).',
  fields: (t) => ({
    id: t.exposeID('id'),
    amountPence: t.exposeInt('amountPence'),
    method: t.expose('method', { type: PaymentMethodEnum }),
    reference: t.exposeString('reference'),
    recordedAt: t.expose('recordedAt', { type: 'DateTime' }),
  }),
})
