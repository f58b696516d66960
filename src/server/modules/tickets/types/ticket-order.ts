import { builder } from '#server/graphql/builder.ts'
import { TicketOrderSourceEnum } from './ticket-order-source.ts'
import { TicketOrderStatusEnum } from './ticket-order-status.ts'
import { TicketPaymentEnum } from './ticket-payment.ts'
import type { OrderView } from '../tickets.queries.ts'

export const TicketOrderRef = builder.objectRef<OrderView>('TicketOrder').implement({
  description: 'One checkout or ballot win, with what staff recorded as paid.',
  fields: (t) => ({
    id: t.exposeID('id'),
    buyerName: t.exposeString('buyerName'),
    email: t.exposeString('email'),
    typeName: t.exposeString('typeName'),
    quantity: t.exposeInt('quantity'),
    amountPence: t.exposeInt('amountPence'),
    paidPence: t.exposeInt('paidPence'),
    refundDuePence: t.exposeInt('refundDuePence', {
      description:
        'Paid beyond what the order now costs (after a cancellation); recorded as a negative payment.',
    }),
    status: t.expose('status', { type: TicketOrderStatusEnum }),
    source: t.expose('source', { type: TicketOrderSourceEnum }),
    payment: t.expose('payment', { type: TicketPaymentEnum }),
    reference: t.exposeString('reference'),
    payBy: t.expose('payBy', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
})
