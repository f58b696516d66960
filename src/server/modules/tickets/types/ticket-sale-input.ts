import {
  TICKET_AUDIENCES,
  TICKET_MODES,
  ticketSaleInputSchema,
  ticketTypeInputSchema,
} from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'
import { inputTypeFromZod } from '#server/graphql/zod-input.ts'

export const TicketAudienceEnum = builder.enumType('TicketAudience', {
  description: 'Who may buy a ticket type.',
  values: TICKET_AUDIENCES,
})
export const TicketModeEnum = builder.enumType('TicketMode', {
  description: 'First come first served, or allocated by a ballot.',
  values: TICKET_MODES,
})

/** A ticket type as added or edited; checked by the shared schema (VALIDATION per field). */
export const TicketTypeInputRef = inputTypeFromZod('TicketTypeInput', ticketTypeInputSchema, {
  enums: { audience: TicketAudienceEnum, mode: TicketModeEnum },
  descriptions: {
    info: 'Shown on the ticket: doors, seating, what is included.',
    pricePence: 'Price in pence, required: more than 0, or 0 with `free` (VALIDATION otherwise).',
    free: 'Free tickets (issued at once): the price is then 0. A price of 0 without it is refused.',
    hidden: 'Hidden from the shop unless a voucher code that unlocks it is given.',
  },
})

export const TicketSaleInputRef = inputTypeFromZod('TicketSaleInput', ticketSaleInputSchema, {
  description: "An event's ticket set-up; checked by the shared schema (VALIDATION per field).",
  refs: { addTypes: TicketTypeInputRef },
  descriptions: {
    capacity: 'Tickets the event holds, shared by every type; never below those already taken.',
    published: 'Whether the shop is open to buyers.',
    addTypes: 'New ticket types (existing ones are kept).',
  },
})
