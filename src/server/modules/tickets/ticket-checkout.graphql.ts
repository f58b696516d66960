import type { OrderStatus } from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'
import { confirmEmailedOrder, emailedOrderByToken } from './confirm-emailed-order.ts'
import { confirmTicketOrder, heldOrderByToken, type HeldView } from './confirm-ticket-order.ts'
import { holdTickets } from './hold-tickets.ts'
import { limitAnonymousOrder } from './limit-anonymous-orders.ts'
import type { OrderRow } from './issue-tickets.ts'
import { releaseHold } from './release-order.ts'
import { EmailedTicketOrderRef } from './types/emailed-ticket-order.ts'
import { TicketOrderStatusEnum } from './types/ticket-order-status.ts'
import { TicketPaymentEnum } from './types/ticket-payment.ts'

// The held checkout (decision 0022): stock kept 10 minutes while the buyer finishes, and waitlist
// offers, which are held orders claimed by the emailed link.

const HeldOrderRef = builder.objectRef<HeldView>('HeldTicketOrder').implement({
  description: 'Tickets kept for someone until `heldUntil`: a checkout in progress or a waitlist offer.',
  fields: (t) => ({
    claimToken: t.exposeString('claimToken', { description: 'The secret of the confirmation link.' }),
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    typeName: t.exposeString('typeName'),
    quantity: t.exposeInt('quantity'),
    amountPence: t.exposeInt('amountPence'),
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    heldUntil: t.expose('heldUntil', { type: 'DateTime' }),
    fromWaitlist: t.exposeBoolean('fromWaitlist'),
  }),
})

interface Confirmed {
  orderId: string
  reference: string
  status: OrderStatus
  tickets: number
  confirmBy: Date | null
}

const ConfirmedRef = builder.objectRef<Confirmed>('ConfirmedTicketOrder').implement({
  fields: (t) => ({
    orderId: t.exposeID('orderId'),
    reference: t.exposeString('reference'),
    status: t.expose('status', { type: TicketOrderStatusEnum }),
    tickets: t.exposeInt('tickets'),
    confirmBy: t.expose('confirmBy', {
      type: 'DateTime',
      nullable: true,
      description:
        'Set when the order (placed without sign-in) waits for the link emailed to its address: no tickets until it is used, and the order lapses at this time.',
    }),
  }),
})

const confirmed = (r: { order: OrderRow; tickets: unknown[] }): Confirmed => ({
  orderId: r.order.id,
  reference: r.order.reference,
  status: r.order.status,
  tickets: r.tickets.length,
  confirmBy: r.order.status === 'HELD' ? r.order.payBy : null,
})

builder.queryFields((t) => ({
  heldTicketOrder: t.field({
    type: HeldOrderRef,
    nullable: true,
    description: 'A held checkout or waitlist offer by its link; null once confirmed, lapsed or unknown.',
    args: { claimToken: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => heldOrderByToken(ctx, args.claimToken),
  }),
  emailedTicketOrder: t.field({
    type: EmailedTicketOrderRef,
    description: 'The order an emailed confirmation link names (an order placed without sign-in).',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => emailedOrderByToken(ctx, args.token),
  }),
}))

builder.mutationFields((t) => ({
  holdTickets: t.field({
    type: HeldOrderRef,
    description: 'Start a checkout: the tickets are kept 10 minutes while the buyer finishes it.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      ticketTypeId: t.arg.id({ required: true }),
      quantity: t.arg.int({ required: true }),
      email: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await limitAnonymousOrder(ctx, { clientAddress: ctx.request?.ip ?? 'websocket', email: args.email })
      const order = await holdTickets(ctx, { ...args, ticketTypeId: String(args.ticketTypeId) })
      const view = await heldOrderByToken(ctx, order.claimToken!)
      if (!view) throw new Error('a hold just written was not found')
      return view
    },
  }),
  releaseHeldTicketOrder: t.field({
    type: 'Boolean',
    description: 'Let a held checkout or waitlist offer go now: the tickets go back on sale at once.',
    args: { claimToken: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await releaseHold(ctx, args.claimToken)
      return true
    },
  }),
  confirmTicketOrder: t.field({
    type: ConfirmedRef,
    description:
      'Finish a held checkout or claim a waitlist offer: the tickets are issued and emailed (without sign-in, a checkout waits for its emailed link: see confirmBy).',
    args: {
      claimToken: t.arg.string({ required: true }),
      buyerName: t.arg.string({ required: true }),
      attendeeNames: t.arg.stringList({ required: true }),
      payment: t.arg({ type: TicketPaymentEnum, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      return confirmed(await confirmTicketOrder(ctx, args))
    },
  }),
  confirmEmailedTicketOrder: t.field({
    type: ConfirmedRef,
    description:
      'Confirm an order placed without sign-in from its emailed link: the tickets are issued and emailed.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => confirmed(await confirmEmailedOrder(ctx, args.token)),
  }),
}))
