import type { OrderStatus } from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'
import { confirmEmailedOrder, emailedOrderByToken } from './confirm-emailed-order.ts'
import { paymentInstructions } from '#core/applications/payment-instructions.ts'
import { PaymentInstructionsRef } from '#server/modules/payments/types/payment-instructions.ts'
import { cardProviderOf } from '#server/modules/payments/card-provider.ts'
import { MIN_CARD_PENCE } from '#core/payments/card-checkout.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import {
  confirmTicketOrder,
  heldOrderByToken,
  type HeldLineView,
  type HeldView,
} from './confirm-ticket-order.ts'
import { holdTickets } from './hold-tickets.ts'
import type { OrderRow } from './issue-tickets.ts'
import { releaseHold } from './release-order.ts'
import { BasketLineInput } from './types/basket-line-input.ts'
import { EmailedTicketOrderRef } from './types/emailed-ticket-order.ts'
import { TicketOrderStatusEnum } from './types/ticket-order-status.ts'
import { TicketPaymentEnum } from './types/ticket-payment.ts'

// The held checkout (decision 0022): stock kept 10 minutes while the buyer finishes, and waitlist
// offers, which are held orders claimed by the emailed link.

const HeldLineRef = builder.objectRef<HeldLineView>('HeldTicketLine').implement({
  description: 'One ticket type of a held basket.',
  fields: (t) => ({
    ticketTypeId: t.exposeID('ticketTypeId'),
    typeName: t.exposeString('typeName'),
    quantity: t.exposeInt('quantity'),
    unitPricePence: t.exposeInt('unitPricePence'),
  }),
})

const HeldOrderRef = builder.objectRef<HeldView>('HeldTicketOrder').implement({
  description: 'Tickets kept for someone until `heldUntil`: a checkout in progress or a waitlist offer.',
  fields: (t) => ({
    claimToken: t.exposeString('claimToken', { description: 'The secret of the confirmation link.' }),
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    typeName: t.exposeString('typeName', { description: 'The lines in words: "2 × Adult, 1 × Concession".' }),
    lines: t.field({
      type: [HeldLineRef],
      description: 'One per ticket type, in the order the names of the tickets are asked for.',
      resolve: (h) => h.lines,
    }),
    reference: t.exposeString('reference', { description: 'Quoted on a bank transfer.' }),
    bankTransfer: t.field({
      type: PaymentInstructionsRef,
      description: 'How to pay by bank transfer: the society’s account and this order’s reference.',
      resolve: async (h, _args, ctx) => {
        const { bank } = await societySettingsOf(ctx.services)
        return paymentInstructions({ method: 'BANK_TRANSFER' }, h.reference, bank)
      },
    }),
    quantity: t.exposeInt('quantity'),
    amountPence: t.exposeInt('amountPence'),
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    heldUntil: t.expose('heldUntil', { type: 'DateTime' }),
    fromWaitlist: t.exposeBoolean('fromWaitlist'),
    payByCard: t.boolean({
      description:
        'Whether "Pay by card" is offered: card payments are set up (Stripe keys) and the order costs at least 30p (decision 0054).',
      resolve: (h, _args, ctx) => cardProviderOf(ctx.services) !== null && h.amountPence >= MIN_CARD_PENCE,
    }),
  }),
})

interface Confirmed {
  orderId: string
  orderToken: string | null
  reference: string
  status: OrderStatus
  tickets: number
  confirmBy: Date | null
}

const ConfirmedRef = builder.objectRef<Confirmed>('ConfirmedTicketOrder').implement({
  fields: (t) => ({
    orderId: t.exposeID('orderId'),
    orderToken: t.exposeString('orderToken', {
      nullable: true,
      description: 'The secret of the order’s own page, once its tickets are issued (null while it waits).',
    }),
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
  orderToken: r.order.status === 'HELD' ? null : r.order.orderToken,
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
    description:
      'Start a checkout for a whole basket: the tickets of every line are kept 10 minutes in one order while the buyer finishes it. The buyer’s own earlier hold for the event (signed in: theirs; otherwise `previousClaimToken` or the same email) is let go in the same step.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      lines: t.arg({ type: [BasketLineInput], required: true }),
      email: t.arg.string({ required: true }),
      previousClaimToken: t.arg.string({
        required: false,
        description: 'The hold this browser started before (a reload, a second try): replaced, not kept.',
      }),
      voucherCode: t.arg.string({
        required: false,
        description:
          'A voucher code: its discount is taken off the order, the hidden types it unlocks may be in the basket, and one use is counted now (given back if the hold lapses).',
      }),
    },
    resolve: async (_root, args, ctx) => {
      // The anonymous-order limit (limit-anonymous-orders.ts) is counted in the hold's transaction.
      const { view } = await holdTickets(
        ctx,
        {
          eventSlug: args.eventSlug,
          email: args.email,
          previousClaimToken: args.previousClaimToken ?? null,
          voucherCode: args.voucherCode ?? null,
          lines: args.lines.map((l) => ({ ticketTypeId: String(l.ticketTypeId), quantity: l.quantity })),
        },
        { address: ctx.request?.ip ?? 'websocket' },
      )
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
      payment: t.arg({
        type: TicketPaymentEnum,
        required: true,
        description: 'PAY_AT_DOOR or BANK_TRANSFER; CARD goes through startTicketCardCheckout instead.',
      }),
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
