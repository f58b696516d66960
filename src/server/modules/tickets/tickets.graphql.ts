import { builder } from '#server/graphql/builder.ts'
import { PaymentMethodEnum } from '#server/modules/payments/types/payment-method.ts'
import { checkInTicket } from './check-in-ticket.ts'
import { getTicketAllocation } from './get-ticket-allocation.ts'
import { getTicketStats } from './get-ticket-stats.ts'
import { limitAnonymousOrder } from './limit-anonymous-orders.ts'
import { joinWaitlist } from './join-waitlist.ts'
import { purchaseTickets } from './purchase-tickets.ts'
import { recordTicketPayment } from './record-ticket-payment.ts'
import { requestBallot } from './request-ballot.ts'
import { runBallotDraw } from './run-ballot-draw.ts'
import { getTicketShop, myTickets, ticketByCode } from './tickets.queries.ts'
import { MyTicketRef } from './types/my-ticket.ts'
import { ScanResultRef, TicketAllocationRef, TicketStatsRef } from './types/ticket-admin.ts'
import { TicketOrderRef } from './types/ticket-order.ts'
import { TicketShopRef } from './types/ticket-shop.ts'
import { TicketOrderStatusEnum } from './types/ticket-order-status.ts'
import { TicketPaymentEnum } from './types/ticket-payment.ts'
import { BallotRequestRef } from './types/ticket-type.ts'

// Tickets (issue 14, decision 0022): the shop, the ballot, my tickets, the door, stats.

builder.queryFields((t) => ({
  ticketShop: t.field({
    type: TicketShopRef,
    description: "An event's ticket shop (public for public events); NOT_FOUND when no sale is published.",
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => getTicketShop(ctx, { eventSlug: args.eventSlug }),
  }),
  myTickets: t.field({
    type: [MyTicketRef],
    description: "The signed-in member's tickets for events that have not ended; empty when signed out.",
    resolve: (_root, _args, ctx) => myTickets(ctx),
  }),
  ticketByCode: t.field({
    type: MyTicketRef,
    nullable: true,
    description: 'A valid ticket by its secret code (the emailed link); null for an unknown or dead code.',
    args: { code: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ticketByCode(ctx, args.code),
  }),
  ticketAllocation: t.field({
    type: TicketAllocationRef,
    description: 'Ticket Allocation of an event (superAdmin, ticketAdmin).',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => getTicketAllocation(ctx, { eventSlug: args.eventSlug }),
  }),
  ticketStats: t.field({
    type: TicketStatsRef,
    description: 'Ticket Stats of an event (superAdmin, boardMember, orchestraAdmin).',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => getTicketStats(ctx, { eventSlug: args.eventSlug }),
  }),
}))

const PurchaseResultRef = builder
  .objectRef<{ order: Awaited<ReturnType<typeof purchaseTickets>>['order']; count: number }>('TicketPurchase')
  .implement({
    fields: (t) => ({
      orderId: t.id({ resolve: (r) => r.order.id }),
      reference: t.string({ resolve: (r) => r.order.reference }),
      status: t.field({ type: TicketOrderStatusEnum, resolve: (r) => r.order.status }),
      amountPence: t.int({ resolve: (r) => r.order.amountPence }),
      email: t.string({ resolve: (r) => r.order.email }),
      tickets: t.int({ resolve: (r) => r.count }),
      confirmBy: t.field({
        type: 'DateTime',
        nullable: true,
        description:
          'Set when the order (placed without sign-in) waits for the link emailed to `email`: no tickets until it is used, and the order lapses at this time.',
        resolve: (r) => (r.order.status === 'HELD' ? r.order.payBy : null),
      }),
    }),
  })

const DrawResultRef = builder
  .objectRef<{ seed: string; allocated: number; winners: number; waitlisted: number }>('BallotDraw')
  .implement({
    fields: (t) => ({
      seed: t.exposeString('seed'),
      allocated: t.exposeInt('allocated'),
      winners: t.exposeInt('winners', { description: 'Units (a group or a lone request) that won.' }),
      waitlisted: t.exposeInt('waitlisted'),
    }),
  })

builder.mutationFields((t) => ({
  purchaseTickets: t.field({
    type: PurchaseResultRef,
    description: 'Buy first-come tickets; never oversold. The tickets are emailed to the buyer.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      ticketTypeId: t.arg.id({ required: true }),
      quantity: t.arg.int({ required: true }),
      buyerName: t.arg.string({ required: true }),
      email: t.arg.string({ required: true }),
      attendeeNames: t.arg.stringList({ required: true }),
      payment: t.arg({ type: TicketPaymentEnum, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await limitAnonymousOrder(ctx, { clientAddress: ctx.request?.ip ?? 'websocket', email: args.email })
      const r = await purchaseTickets(ctx, { ...args, ticketTypeId: String(args.ticketTypeId) })
      return { order: r.order, count: r.tickets.length }
    },
  }),
  requestBallotTickets: t.field({
    type: BallotRequestRef,
    description: 'Request ballot tickets, alone, joining a group by code, or starting a group.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      ticketTypeId: t.arg.id({ required: true }),
      quantity: t.arg.int({ required: true }),
      groupCode: t.arg.string({ required: false }),
      newGroupName: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const { request, group } = await requestBallot(ctx, {
        ...args,
        ticketTypeId: String(args.ticketTypeId),
      })
      return {
        id: request.id,
        name: request.name,
        email: request.email,
        quantity: request.quantity,
        groupName: group?.name ?? null,
        groupCode: group?.code ?? null,
        priority: request.priority,
        outcome: request.outcome,
        drawPosition: request.drawPosition,
        orderId: request.orderId,
      }
    },
  }),
  runBallotDraw: t.field({
    type: DrawResultRef,
    description: 'Draw a ballot (ticketAdmin): seeded, recorded, groups whole; losers waitlisted in order.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      ticketTypeId: t.arg.id({ required: true }),
      seed: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const r = await runBallotDraw(ctx, { ...args, ticketTypeId: String(args.ticketTypeId) })
      return {
        seed: r.seed,
        allocated: r.allocated,
        winners: r.winners.length,
        waitlisted: r.waitlist.length,
      }
    },
  }),
  joinTicketWaitlist: t.int({
    description: 'Join the waitlist of a sold-out type; returns your position.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      ticketTypeId: t.arg.id({ required: true }),
      quantity: t.arg.int({ required: true }),
    },
    resolve: (_root, args, ctx) => joinWaitlist(ctx, { ...args, ticketTypeId: String(args.ticketTypeId) }),
  }),
  recordTicketPayment: t.field({
    type: TicketOrderRef,
    description: 'Staff record money received for a ticket order (negative: a refund).',
    args: {
      orderId: t.arg.id({ required: true }),
      amountPence: t.arg.int({ required: true }),
      method: t.arg({ type: PaymentMethodEnum, required: true }),
      reference: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) => recordTicketPayment(ctx, { ...args, orderId: String(args.orderId) }),
  }),
  checkInTicket: t.field({
    type: ScanResultRef,
    description: 'Check a ticket in at the door: once only; a second scan says when it was used.',
    args: { eventSlug: t.arg.string({ required: true }), code: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => checkInTicket(ctx, args),
  }),
}))
