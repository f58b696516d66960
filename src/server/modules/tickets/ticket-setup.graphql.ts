import { builder } from '#server/graphql/builder.ts'
import { getTicketAllocation } from './get-ticket-allocation.ts'
import { setUpTicketSale } from './set-up-ticket-sale.ts'
import { TicketAllocationRef } from './types/ticket-admin.ts'
import { TicketSaleInputRef } from './types/ticket-sale-input.ts'

// Ticket set-up (decision 0022): the Tickets admin page's form.

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
}))
