import { builder } from '#server/graphql/builder.ts'
import { boxOfficeOf, type BoxOfficeTypeView, type BoxOfficeView } from './box-office.queries.ts'
import { doorCountChanges, type DoorCount } from './door-count.ts'
import { sellAtBoxOffice, type BoxOfficeSale } from './sell-at-box-office.ts'
import { BasketLineInput } from './types/basket-line-input.ts'
import { DoorPaymentMethodEnum } from './types/ticket-scan-kind.ts'
import { TicketStatusEnum } from './types/ticket-status.ts'

// The door's box office and its live count (issue 27, decision 0050).

const BoxOfficeTypeRef = builder.objectRef<BoxOfficeTypeView>('BoxOfficeTicketType').implement({
  description: 'A ticket type as the box office offers it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    pricePence: t.exposeInt('pricePence'),
    left: t.exposeInt('left', { description: 'Left of it now (its quota and the event’s capacity).' }),
    sellable: t.exposeBoolean('sellable', { description: 'False for a ballot type: not sold at the door.' }),
    notes: t.exposeStringList('notes', {
      description: 'What staff should know: "Online sale closed", "Members only: check at the door".',
    }),
  }),
})

const BoxOfficeRef = builder.objectRef<BoxOfficeView>('BoxOffice').implement({
  description: "The door's box office: the event's ticket types with what is left.",
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    capacityLeft: t.exposeInt('capacityLeft'),
    types: t.field({ type: [BoxOfficeTypeRef], resolve: (v) => v.types }),
  }),
})

const BoxOfficeTicketRef = builder.objectRef<BoxOfficeSale['tickets'][number]>('BoxOfficeTicket').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    attendeeName: t.exposeString('attendeeName'),
    typeName: t.exposeString('typeName'),
    status: t.expose('status', { type: TicketStatusEnum }),
  }),
})

const BoxOfficeSaleRef = builder.objectRef<BoxOfficeSale>('BoxOfficeSale').implement({
  description: 'A box-office sale: one paid order, its tickets, and its page to show or print them.',
  fields: (t) => ({
    orderId: t.exposeID('orderId'),
    reference: t.exposeString('reference'),
    orderToken: t.exposeString('orderToken', {
      description: 'The order page’s secret: /tickets/order/<token> shows and prints every ticket.',
    }),
    amountPence: t.exposeInt('amountPence'),
    method: t.expose('method', { type: DoorPaymentMethodEnum }),
    what: t.exposeString('what', { description: '"2 × Adult, 1 × Child".' }),
    checkedIn: t.exposeBoolean('checkedIn'),
    emailedTo: t.exposeString('emailedTo', { nullable: true }),
    tickets: t.field({ type: [BoxOfficeTicketRef], resolve: (s) => s.tickets }),
  }),
})

const DoorCountRef = builder.objectRef<DoorCount>('DoorCount').implement({
  description: '"In: 84 of 200": tickets checked in, of the event’s live tickets.',
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    checkedIn: t.exposeInt('checkedIn'),
    total: t.exposeInt('total'),
  }),
})

builder.queryFields((t) => ({
  boxOffice: t.field({
    type: BoxOfficeRef,
    description: "The door's box office: what it may sell and what is left (superAdmin, ticketAdmin).",
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => boxOfficeOf(ctx, args.eventSlug),
  }),
}))

builder.mutationFields((t) => ({
  sellAtBoxOffice: t.field({
    type: BoxOfficeSaleRef,
    description:
      'Sell tickets to a walk-in at the door, paid there (cash or the society’s card reader): one PAID order, checked in unless checkIn is false.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      lines: t.arg({ type: [BasketLineInput], required: true }),
      method: t.arg({ type: DoorPaymentMethodEnum, required: true }),
      buyerName: t.arg.string({ required: false }),
      email: t.arg.string({ required: false, description: 'When given, the tickets are emailed there.' }),
      checkIn: t.arg.boolean({ required: false, defaultValue: true }),
    },
    resolve: (_root, args, ctx) =>
      sellAtBoxOffice(ctx, {
        eventSlug: args.eventSlug,
        lines: args.lines.map((l) => ({ ticketTypeId: String(l.ticketTypeId), quantity: l.quantity })),
        method: args.method,
        buyerName: args.buyerName ?? '',
        email: args.email ?? '',
        checkIn: args.checkIn ?? true,
      }),
  }),
}))

builder.subscriptionField('doorCountChanged', (t) =>
  t.field({
    type: DoorCountRef,
    description:
      "The door's count, live: now, then again whenever a ticket of the event is checked in or sold at the box office (superAdmin, ticketAdmin).",
    args: { eventSlug: t.arg.string({ required: true }) },
    subscribe: (_root, args, ctx) =>
      doorCountChanges(ctx, args.eventSlug, () => ctx.pubsub.subscribe('DOOR_COUNT_CHANGED')),
    resolve: (count) => count,
  }),
)
