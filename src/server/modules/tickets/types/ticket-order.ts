import { builder } from '#server/graphql/builder.ts'
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
    status: t.exposeString('status', {
      description: 'HELD (checkout in progress or waitlist offer), AWAITING_PAYMENT, PAID or CANCELLED.',
    }),
    source: t.exposeString('source'),
    payment: t.exposeString('payment'),
    reference: t.exposeString('reference'),
    payBy: t.expose('payBy', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
})
