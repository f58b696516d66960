import { builder } from '#server/graphql/builder.ts'
import { pageSize } from '#server/graphql/limits.ts'
import { TicketOrderSourceEnum } from './ticket-order-source.ts'
import { TicketOrderStatusEnum } from './ticket-order-status.ts'
import { TicketPaymentEnum } from './ticket-payment.ts'
import type { OrderView } from '../tickets.queries.ts'
import { TicketOrderPaymentRef } from './ticket-order-payment.ts'

export const TicketOrderRef = builder.objectRef<OrderView>('TicketOrder').implement({
  description: 'One checkout or ballot win, with what staff recorded as paid.',
  fields: (t) => ({
    id: t.exposeID('id'),
    buyerName: t.exposeString('buyerName'),
    email: t.exposeString('email'),
    typeName: t.exposeString('typeName'),
    quantity: t.exposeInt('quantity'),
    amountPence: t.exposeInt('amountPence', { description: 'What the order costs, after any voucher.' }),
    discountPence: t.exposeInt('discountPence', {
      description: 'What the voucher code given with the order took off; 0 without one.',
    }),
    voucherCode: t.exposeString('voucherCode', {
      nullable: true,
      description: 'The voucher code given with the order, if any.',
    }),
    paidPence: t.exposeInt('paidPence'),
    outstandingPence: t.exposeInt('outstandingPence', {
      description:
        'Still owed: what the issued tickets cost less what was paid (0 for a held or cancelled order).',
    }),
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
    cardRefundablePence: t.exposeInt('cardRefundablePence', {
      description:
        'What is left to refund to the card of the order’s card (online) payments; 0 when it was not paid by card.',
    }),
    payments: t.field({
      type: [TicketOrderPaymentRef],
      description:
        'The order’s ledger, oldest first: its latest `limit` lines (pass a literal limit so the query is costed by it).',
      args: { limit: t.arg.int({ required: false, defaultValue: 10 }) },
      resolve: (o, args) => o.payments.slice(-pageSize(args.limit, { fallback: 10, max: 20 })),
    }),
  }),
})
