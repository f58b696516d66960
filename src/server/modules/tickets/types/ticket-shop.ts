import { builder } from '#server/graphql/builder.ts'
import type { TicketShopView } from '../tickets.queries.ts'
import { TicketTypeRef } from './ticket-type.ts'

export const TicketShopRef = builder.objectRef<TicketShopView>('TicketShop').implement({
  description: "An event's ticket shop: its types with what is left.",
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    published: t.exposeBoolean('published'),
    capacity: t.exposeInt('capacity'),
    capacityLeft: t.exposeInt('capacityLeft'),
    types: t.field({ type: [TicketTypeRef], resolve: (v) => v.types }),
  }),
})
