import { builder } from '#server/graphql/builder.ts'
import { EventRef } from '#server/modules/events/types/event.ts'
import { PaymentInstructionsRef } from '#server/modules/payments/types/payment-instructions.ts'
import { orderByToken, type OrderPageTicket, type OrderPageView } from './order-page.ts'
import { MyTicketRef } from './types/my-ticket.ts'
import { TicketOrderStatusEnum } from './types/ticket-order-status.ts'
import { TicketPaymentEnum } from './types/ticket-payment.ts'
import { TicketStatusEnum } from './types/ticket-status.ts'

// An order's own page (decision 0048): the order page's secret token is the key, as a ticket's code is.

const OrderPageTicketRef = builder.objectRef<OrderPageTicket>('OrderPageTicket').implement({
  description: 'One ticket of an order as its page lists it.',
  fields: (t) => ({
    id: t.id({ resolve: (x) => x.view.id }),
    attendeeName: t.string({ resolve: (x) => x.view.attendeeName }),
    typeName: t.string({ resolve: (x) => x.view.typeName }),
    seat: t.string({ nullable: true, resolve: (x) => x.view.seat }),
    status: t.field({ type: TicketStatusEnum, resolve: (x) => x.view.status }),
    passedOn: t.boolean({
      description: 'Transferred to someone else: theirs now, so its code is not shown here.',
      resolve: (x) => x.passedOn,
    }),
    ticket: t.field({
      type: MyTicketRef,
      nullable: true,
      description:
        'The ticket with its code and holder actions, while the buyer still holds it and it is live.',
      resolve: (x) => (x.passedOn || x.view.status === 'VOID' ? null : x.view),
    }),
  }),
})

const OrderPageRef = builder.objectRef<OrderPageView>('TicketOrderPage').implement({
  description: 'An order as its buyer sees it on the order page: event, tickets, money and how to pay.',
  fields: (t) => ({
    id: t.exposeID('id'),
    event: t.field({ type: EventRef, resolve: (o) => o.event }),
    reference: t.exposeString('reference', {
      description: 'The order reference, quoted on a bank transfer.',
    }),
    status: t.expose('status', { type: TicketOrderStatusEnum }),
    payment: t.expose('payment', { type: TicketPaymentEnum }),
    buyerName: t.exposeString('buyerName'),
    email: t.exposeString('email'),
    soldPence: t.exposeInt('soldPence', { description: 'The total of the tickets issued.' }),
    paidPence: t.exposeInt('paidPence'),
    outstandingPence: t.exposeInt('outstandingPence'),
    discountPence: t.exposeInt('discountPence', {
      description:
        'What the voucher code given with the order took off (the total is after it); 0 without one.',
    }),
    voucherCode: t.exposeString('voucherCode', {
      nullable: true,
      description: 'The voucher code given with the order, if any.',
    }),
    tickets: t.field({ type: [OrderPageTicketRef], resolve: (o) => o.tickets }),
    bankTransfer: t.field({
      type: PaymentInstructionsRef,
      nullable: true,
      description:
        'The society’s account and this order’s reference, while a bank-transfer order owes money.',
      resolve: (o) => o.bankTransfer,
    }),
    receiptUrl: t.exposeString('receiptPath', {
      nullable: true,
      description: 'The order’s receipt (PDF) once money was received on it; null before.',
    }),
  }),
})

builder.queryFields((t) => ({
  ticketOrder: t.field({
    type: OrderPageRef,
    description:
      'An order by the secret token of its page (emailed with the tickets); NOT_FOUND for an unknown token, never saying whether an order exists.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => orderByToken(ctx, args.token),
  }),
}))
