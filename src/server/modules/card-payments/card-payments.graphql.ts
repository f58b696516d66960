import { builder } from '#server/graphql/builder.ts'
import { readableApplication } from '#server/modules/applications/applications.queries.ts'
import { ApplicationRef } from '#server/modules/applications/types/application.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import { cardCheckoutFor, cardPaymentsOn } from './card-payments.queries.ts'
import { refundCardPayment } from './refund-card-payment.ts'
import { startCardCheckout } from './start-card-checkout.ts'
import { refundTicketOrderByCard } from './refund-ticket-order.ts'
import { startTicketCheckout } from './start-ticket-checkout.ts'
import { ticketOrderCardStatus } from './ticket-checkout-status.ts'
import { CardCheckoutRef, CardCheckoutStartRef, CardCheckoutStatusEnum } from './types/card-checkout.ts'
import { TicketOrderRef } from '#server/modules/tickets/types/ticket-order.ts'

builder.queryField('cardPaymentsEnabled', (t) =>
  t.boolean({
    description:
      'Whether members may pay what they owe by card (Stripe keys are set). NOTE: a root field, so the applications list costs nothing more.',
    resolve: (_root, _args, ctx) => {
      authenticate(ctx.actor)
      return cardPaymentsOn(ctx)
    },
  }),
)

builder.queryField('cardCheckout', (t) =>
  t.field({
    type: CardCheckoutRef,
    description:
      'A card payment the viewer started (staff: any), as the server knows it; while open the server asks the provider, never the redirect.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => cardCheckoutFor(ctx, String(args.id)),
  }),
)

builder.mutationField('startCardCheckout', (t) =>
  t.field({
    type: CardCheckoutStartRef,
    description:
      'Start paying some of your own outstanding payment lines by card; the amounts are what the ledger says is outstanding. CARD_PAYMENTS_OFF without Stripe keys.',
    args: {
      applicationId: t.arg.id({ required: true }),
      lineKeys: t.arg.stringList({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      startCardCheckout(ctx, {
        applicationId: String(args.applicationId),
        lineKeys: args.lineKeys.slice(0, 50),
      }),
  }),
)

builder.mutationField('refundCardPayment', (t) =>
  t.field({
    type: ApplicationRef,
    description:
      'Refund some or all of a card (online) payment to the card through Stripe; recorded in the ledger and emailed to the payer.',
    args: {
      paymentId: t.arg.id({ required: true }),
      amountPence: t.arg.int({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const { applicationId } = await refundCardPayment(ctx, {
        paymentId: String(args.paymentId),
        amountPence: args.amountPence,
      })
      return readableApplication(ctx, applicationId)
    },
  }),
)

// Ticket orders by card (decision 0054): the hold's claim token and the order page's token are the
// keys, as for the rest of the checkout, so a buyer without an account can pay.

builder.queryField('ticketOrderCardPayment', (t) =>
  t.field({
    type: CardCheckoutStatusEnum,
    nullable: true,
    description:
      'The latest card payment of the order with this page token: OPEN (not paid yet), PAID or EXPIRED; null when none. While open the server asks Stripe, never the redirect.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ticketOrderCardStatus(ctx, args.token),
  }),
)

builder.mutationField('startTicketCardCheckout', (t) =>
  t.field({
    type: CardCheckoutStartRef,
    description:
      'Pay a held basket by card: the names are kept until Stripe confirms the payment, then the tickets are issued PAID. The amount is the order’s own. CARD_PAYMENTS_OFF without Stripe keys.',
    args: {
      claimToken: t.arg.string({ required: true }),
      buyerName: t.arg.string({ required: true }),
      attendeeNames: t.arg.stringList({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      startTicketCheckout(ctx, {
        claimToken: args.claimToken,
        buyerName: args.buyerName,
        attendeeNames: args.attendeeNames.slice(0, 50),
      }),
  }),
)

builder.mutationField('refundTicketOrderByCard', (t) =>
  t.field({
    type: TicketOrderRef,
    description:
      'Refund some or all of a ticket order’s card payment through Stripe, and optionally cancel the whole order (its tickets stop working and go back on sale); recorded in the order’s ledger and emailed.',
    args: {
      orderId: t.arg.id({ required: true }),
      amountPence: t.arg.int({ required: true }),
      cancelOrder: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      refundTicketOrderByCard(ctx, {
        orderId: String(args.orderId),
        amountPence: args.amountPence,
        cancelOrder: args.cancelOrder,
      }),
  }),
)
