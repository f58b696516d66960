import { builder } from '#server/graphql/builder.ts'
import { PaymentMethodEnum } from '#server/modules/payments/types/payment-method.ts'
import { checkInTicket } from './check-in-ticket.ts'
import { payAtDoor } from './pay-at-door.ts'
import { DoorPaymentMethodEnum } from './types/ticket-scan-kind.ts'
import { getTicketAllocation } from './get-ticket-allocation.ts'
import { getTicketStats } from './get-ticket-stats.ts'
import { joinWaitlist } from './join-waitlist.ts'
import { recordTicketPayment } from './record-ticket-payment.ts'
import { requestBallot } from './request-ballot.ts'
import { runBallotDraw } from './run-ballot-draw.ts'
import { getTicketShop, myTickets, ticketByCode } from './tickets.queries.ts'
import { MyTicketRef } from './types/my-ticket.ts'
import { ScanResultRef, TicketAllocationRef, TicketStatsRef } from './types/ticket-admin.ts'
import { TicketOrderRef } from './types/ticket-order.ts'
import { TicketShopRef } from './types/ticket-shop.ts'
import { BallotRequestRef } from './types/ticket-type.ts'

// Tickets (issue 14, decision 0022): the shop, the ballot, my tickets, the door, stats.

builder.queryFields((t) => ({
  ticketShop: t.field({
    type: TicketShopRef,
    description: "An event's ticket shop (public for public events); NOT_FOUND when no sale is published.",
    args: {
      eventSlug: t.arg.string({ required: true }),
      voucherCode: t.arg.string({
        required: false,
        description: 'A voucher code the buyer gave: the hidden types it unlocks are in the shop.',
      }),
    },
    resolve: (_root, args, ctx) =>
      getTicketShop(ctx, { eventSlug: args.eventSlug, voucherCode: args.voucherCode ?? null }),
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
    description:
      'Check a ticket in at the door, by its code or (picked from a search by name) its id: once only; a second scan says when it was used.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      code: t.arg.string({ required: false }),
      ticketId: t.arg.id({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      checkInTicket(ctx, { ...args, ticketId: args.ticketId == null ? null : String(args.ticketId) }),
  }),
  payAtDoor: t.field({
    type: ScanResultRef,
    description:
      'Paid at the door: record the money taken for this ticket (its own price, at most what its order owes) and check it in.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      code: t.arg.string({ required: false }),
      ticketId: t.arg.id({ required: false }),
      method: t.arg({ type: DoorPaymentMethodEnum, required: true }),
    },
    resolve: (_root, args, ctx) =>
      payAtDoor(ctx, { ...args, ticketId: args.ticketId == null ? null : String(args.ticketId) }),
  }),
}))
