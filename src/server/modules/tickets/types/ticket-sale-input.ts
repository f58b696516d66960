import { TICKET_AUDIENCES, TICKET_MODES, ticketSaleInputSchema } from '#core/tickets/tickets.ts'
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

export const TicketSaleInputRef = inputTypeFromZod('TicketSaleInput', ticketSaleInputSchema, {
  description: "An event's ticket set-up; checked by the shared schema (VALIDATION per field).",
  names: { addTypes: 'TicketTypeInput' },
  enums: { 'addTypes.audience': TicketAudienceEnum, 'addTypes.mode': TicketModeEnum },
  descriptions: {
    capacity: 'Tickets the event holds, shared by every type; never below those already taken.',
    published: 'Whether the shop is open to buyers.',
    addTypes: 'New ticket types (existing ones are kept).',
    'addTypes.info': 'Shown on the ticket: doors, seating, what is included.',
    'addTypes.pricePence': 'Price in pence; 0 for free tickets (issued at once).',
  },
})
