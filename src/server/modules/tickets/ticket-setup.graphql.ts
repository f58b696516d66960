import { builder } from '#server/graphql/builder.ts'
import { closeTicketTypeSale, removeTicketType, updateTicketType } from './edit-ticket-type.ts'
import { getTicketAllocation } from './get-ticket-allocation.ts'
import { setUpTicketSale } from './set-up-ticket-sale.ts'
import { TicketAllocationRef } from './types/ticket-admin.ts'
import { TicketSaleInputRef, TicketTypeInputRef } from './types/ticket-sale-input.ts'

// Ticket set-up (decision 0022): the Tickets admin page's forms. Each answers the whole set-up again.

builder.mutationFields((t) => ({
  setUpTicketSale: t.field({
    type: TicketAllocationRef,
    description:
      "Set an event's ticket capacity, publish or close its shop, and add ticket types (superAdmin, ticketAdmin).",
    args: {
      eventSlug: t.arg.string({ required: true }),
      input: t.arg({ type: TicketSaleInputRef, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const input = args.input as { capacity: number; published: boolean; addTypes: unknown[] }
      await setUpTicketSale(ctx, { eventSlug: args.eventSlug, ...input })
      return getTicketAllocation(ctx, { eventSlug: args.eventSlug })
    },
  }),
  updateTicketType: t.field({
    type: TicketAllocationRef,
    description:
      'Edit a ticket type (superAdmin, ticketAdmin). CONFLICT per field: the quota below what is sold or held, the price or mode once any is sold or held.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      ticketTypeId: t.arg.id({ required: true }),
      input: t.arg({ type: TicketTypeInputRef, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await updateTicketType(ctx, { ...args, ticketTypeId: String(args.ticketTypeId) })
      return getTicketAllocation(ctx, { eventSlug: args.eventSlug })
    },
  }),
  removeTicketType: t.field({
    type: TicketAllocationRef,
    description:
      'Remove a ticket type nothing was ordered, held or requested for (superAdmin, ticketAdmin); CONFLICT otherwise.',
    args: { eventSlug: t.arg.string({ required: true }), ticketTypeId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await removeTicketType(ctx, { ...args, ticketTypeId: String(args.ticketTypeId) })
      return getTicketAllocation(ctx, { eventSlug: args.eventSlug })
    },
  }),
  closeTicketTypeSale: t.field({
    type: TicketAllocationRef,
    description: "End a ticket type's sale window now (superAdmin, ticketAdmin).",
    args: { eventSlug: t.arg.string({ required: true }), ticketTypeId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await closeTicketTypeSale(ctx, { ...args, ticketTypeId: String(args.ticketTypeId) })
      return getTicketAllocation(ctx, { eventSlug: args.eventSlug })
    },
  }),
}))
