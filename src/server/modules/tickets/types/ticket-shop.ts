import { builder } from '#server/graphql/builder.ts'
import { EventRef } from '#server/modules/events/types/event.ts'
import type { TicketShopView } from '../tickets.queries.ts'
import { TicketTypeRef } from './ticket-type.ts'

export const TicketShopRef = builder.objectRef<TicketShopView>('TicketShop').implement({
  description: "An event's ticket shop: its types with what is left.",
  fields: (t) => ({
    event: t.field({
      type: EventRef,
      description: 'The event: its date, time and venue head the shop.',
      resolve: (v) => v.event,
    }),
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    published: t.exposeBoolean('published'),
    capacity: t.exposeInt('capacity'),
    capacityLeft: t.exposeInt('capacityLeft'),
    types: t.field({ type: [TicketTypeRef], resolve: (v) => v.types }),
  }),
})
