import { SALE_CALLS_TO_ACTION, TICKET_STANDINGS } from '#core/tickets/sale-call-to-action.ts'
import { builder } from '#server/graphql/builder.ts'
import { EventRef } from '#server/modules/events/types/event.ts'
import { ticketCallToAction } from './call-to-action.queries.ts'

export const TicketCallToActionEnum = builder.enumType('TicketCallToAction', {
  description:
    'What a page showing an event offers about its tickets: BUY ("Buy tickets"), BALLOT ("Enter the ballot"), WAITLIST ("Join the waitlist"), SOLD_OUT ("Sold out").',
  values: SALE_CALLS_TO_ACTION,
})

export const TicketStandingEnum = builder.enumType('TicketStanding', {
  description:
    'Where the signed-in viewer stands with an event’s tickets: HOLDS_TICKETS ("Your tickets"), IN_BALLOT ("You’re in the ballot"), ON_WAITLIST ("You’re on the waitlist").',
  values: TICKET_STANDINGS,
})

builder.objectField(EventRef, 'ticketCallToAction', (t) =>
  t.field({
    type: TicketCallToActionEnum,
    nullable: true,
    description:
      'While its ticket sale is published, for this viewer: buy, enter the ballot, join the waitlist or sold out (the shop is at /{slug}/ticket-sales); null when there is nothing to offer them (nothing on sale, or they may buy no more and have entered what there is to enter).',
    resolve: async (event, _args, ctx) => (await ticketCallToAction(ctx, event)).action,
  }),
)

builder.objectField(EventRef, 'myTicketStanding', (t) =>
  t.field({
    type: TicketStandingEnum,
    nullable: true,
    description:
      'Where the signed-in viewer stands with the event’s tickets until it ends: holds tickets, in the ballot, on the waitlist; null signed out or with none of these.',
    resolve: async (event, _args, ctx) => (await ticketCallToAction(ctx, event)).standing,
  }),
)
