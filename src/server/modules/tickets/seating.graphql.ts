import { builder } from '#server/graphql/builder.ts'
import { assignSeat } from './assign-seat.ts'
import { autoSeatTables } from './auto-seat-tables.ts'
import { getTicketSeating } from './get-ticket-seating.ts'
import { setSeating } from './set-seating.ts'
import { SeatingModeEnum } from './types/seating-mode.ts'
import { AutoSeatResultRef, SeatedTicketRef, TicketSeatingRef } from './types/ticket-seating.ts'

// Seats and tables (decision 0022): the Seating panel of Ticket Allocation.

builder.queryFields((t) => ({
  ticketSeating: t.field({
    type: TicketSeatingRef,
    description: "An event's seating and its live tickets' seats (superAdmin, ticketAdmin).",
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => getTicketSeating(ctx, args),
  }),
}))

builder.mutationFields((t) => ({
  assignSeat: t.field({
    type: SeatedTicketRef,
    description: 'Give a live ticket a seat or table, or take it away with null (superAdmin, ticketAdmin).',
    args: { ticketId: t.arg.id({ required: true }), seat: t.arg.string({ required: false }) },
    resolve: (_root, args, ctx) =>
      assignSeat(ctx, { ticketId: String(args.ticketId), seat: args.seat ?? null }),
  }),
  autoSeatTables: t.field({
    type: AutoSeatResultRef,
    description:
      'Seat the event at tables of tableSize: unseated tickets get tables, ballot groups and orders together.',
    args: { eventSlug: t.arg.string({ required: true }), tableSize: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => autoSeatTables(ctx, args),
  }),
  setTicketSeating: t.field({
    type: TicketSeatingRef,
    description: 'Seat the event by numbered SEATS or TABLES of tableSize (superAdmin, ticketAdmin).',
    args: {
      eventSlug: t.arg.string({ required: true }),
      mode: t.arg({ type: SeatingModeEnum, required: true }),
      tableSize: t.arg.int({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      await setSeating(ctx, args)
      return getTicketSeating(ctx, { eventSlug: args.eventSlug })
    },
  }),
}))
